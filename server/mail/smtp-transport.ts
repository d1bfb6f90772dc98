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
 * the delivery job for seconds, not minutes; with MAIL_DKIM_* every mail is signed
 * (nodemailer's own DKIM, relaxed/relaxed). Loaded with the first mail to send.
 */
export async function createSmtpTransport(
  env: Pick<Env, 'SMTP_URL' | 'MAIL_DKIM_DOMAIN' | 'MAIL_DKIM_SELECTOR' | 'MAIL_DKIM_PRIVATE_KEY'>,
): Promise<Transporter> {
  const { createTransport } = await import('nodemailer')
  const smtpUrl = env.SMTP_URL as string
  const url = new URL(smtpUrl)
  const server = describeMailServer({ SMTP_URL: smtpUrl }) as MailServerView
  const { MAIL_DKIM_DOMAIN: domainName, MAIL_DKIM_SELECTOR: keySelector } = env
  const privateKey = env.MAIL_DKIM_PRIVATE_KEY
  return createTransport({
    dkim:
      domainName && keySelector && privateKey ? { domainName, keySelector, privateKey } : undefined,
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

/**
 * Whether a refusal is about the recipient's address, so the address is marked as not
 * reached: a 5xx answer to RCPT TO or to the message itself. A refused sender (MAIL FROM)
 * or login is the installation's fault, not the address's.
 */
export function isRefusedAddress(error: unknown) {
  const { command = '', code } = error as { command?: string; code?: string }
  return (
    isPermanentRefusal(error) &&
    code !== 'EAUTH' &&
    command !== 'MAIL FROM' &&
    !command.startsWith('AUTH')
  )
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
