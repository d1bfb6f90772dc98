import type { SecretBox } from '../auth/secret-box.ts'
import type { Env } from '../env.ts'
import { SALES_PREFIX } from '../http/sales-base.ts'

/** SALES_HOST's default: Gold Estates is then served under PUBLIC_URL's /gold-estates. */
const DEFAULT_SALES_HOST = 'sales.localhost'

/**
 * Where a mail's links into Gold Estates point: SALES_HOST (with PUBLIC_URL's scheme and
 * port) when it is set to a host of its own, else PUBLIC_URL/gold-estates. Never a
 * request's Host header: a mail is written by a job, and a forged Host must not reach it.
 */
export function findSalesLinkBase(env: Pick<Env, 'PUBLIC_URL' | 'SALES_HOST'>) {
  const publicUrl = new URL(env.PUBLIC_URL)
  const host = env.SALES_HOST.toLowerCase()
  if (host === DEFAULT_SALES_HOST || host === publicUrl.hostname) {
    return `${env.PUBLIC_URL}${SALES_PREFIX}`
  }
  return `${publicUrl.protocol}//${host}${publicUrl.port ? `:${publicUrl.port}` : ''}`
}

/**
 * Whose switch an unsubscribe link turns off: a Gold Estates account's E-mailmeldingen, the
 * default recipient's new-sale mails, or a Centraal administrator's Activiteitsmeldingen.
 */
export type UnsubscribeTarget = {
  organisationId: string
  kind: 'sales-user' | 'default-recipient' | 'central-user'
  /** The sales_users or users id; null for the default recipient. */
  recipientId: string | null
  /** The address the mail went to: a link stops working once the address changed. */
  email: string
}

const PURPOSE = 'mail-unsubscribe'

/**
 * The token of a mail's List-Unsubscribe link: the target sealed with the installation's
 * secret box (AES-256-GCM authenticates it), so nobody can make one for another person.
 */
export function createUnsubscribeToken(box: SecretBox, target: UnsubscribeTarget) {
  const { organisationId, kind, recipientId, email } = target
  return box
    .seal(JSON.stringify([organisationId, kind, recipientId, email]), PURPOSE)
    .replaceAll(':', '.')
}

/** The target of an unsubscribe token; null when it is not one this installation made. */
export function readUnsubscribeToken(box: SecretBox, token: string): UnsubscribeTarget | null {
  try {
    const [organisationId, kind, recipientId, email] = JSON.parse(
      box.open(token.replaceAll('.', ':'), PURPOSE),
    ) as [string, UnsubscribeTarget['kind'], string | null, string]
    return { organisationId, kind, recipientId, email }
  } catch {
    return null
  }
}

/** The one-click unsubscribe address of a mail (RFC 8058), on PUBLIC_URL. */
export const unsubscribeUrlOf = (env: Pick<Env, 'PUBLIC_URL'>, token: string) =>
  `${env.PUBLIC_URL}/api/mail/unsubscribe/${token}`

/** The headers that offer a mail's one-click unsubscribe to the mail client (RFC 8058). */
export const createUnsubscribeHeaders = (url: string): Record<string, string> => ({
  'List-Unsubscribe': `<${url}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
})
