import type { Transporter } from 'nodemailer'
import type { Env } from '../env.ts'

/** The mail server in use as the outbox page shows it: never its password. */
export type MailServerView = { host: string; port: number; secure: boolean; user: string | null }

/** Host, port, TLS and user of SMTP_URL; null without one. */
export function describeMailServer(env: Pick<Env, 'SMTP_URL'>): MailServerView | null {
  if (!env.SMTP_URL) return null
  const url = new URL(env.SMTP_URL)
  const secure = url.protocol === 'smtps:'
  return {
    host: url.hostname,
    port: Number(url.port) || (secure ? 465 : 587),
    secure,
    user: url.username ? decodeURIComponent(url.username) : null,
  }
}

/**
 * A nodemailer transport for SMTP_URL with bounded waits, so a server that hangs holds
 * the delivery job for seconds, not minutes. Loaded with the first mail to send.
 */
export async function createSmtpTransport(smtpUrl: string): Promise<Transporter> {
  const { createTransport } = await import('nodemailer')
  const url = new URL(smtpUrl)
  const server = describeMailServer({ SMTP_URL: smtpUrl }) as MailServerView
  return createTransport({
    host: server.host,
    port: server.port,
    secure: server.secure,
    auth: server.user ? { user: server.user, pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  })
}

/**
 * Whether an SMTP failure is for good: the server answered with a 5xx refusal (no such
 * mailbox, sender refused). Connection errors and 4xx answers are worth another try.
 */
export function isPermanentRefusal(error: unknown) {
  const code = (error as { responseCode?: number }).responseCode
  return typeof code === 'number' && code >= 500 && code < 600
}

/** A delivery error as the outbox page shows it: the server's answer, no address or link. */
export function describeSmtpError(error: unknown) {
  const { responseCode, code, message } = error as {
    responseCode?: number
    code?: string
    message?: string
  }
  const text = (message ?? String(error)).replace(/\s+/g, ' ').slice(0, 300)
  return responseCode ? `${responseCode}: ${text}` : code ? `${code}: ${text}` : text
}
