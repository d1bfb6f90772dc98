import type { SecretBox } from '../auth/secret-box.ts'
import type { Env } from '../env.ts'

// The List-Unsubscribe header of notification mails (RFC 2369, one-click by RFC 8058): a
// link that turns the recipient's switch off without signing in. The link carries the
// account and the switch sealed with the installation's secret box (authenticated
// encryption): it cannot be made for another account, nor read.

const PURPOSE = 'mail.unsubscribe'

/** The switch a link turns off: Activiteitsmeldingen or all E-mailmeldingen. */
export type UnsubscribeSwitch = 'activityAlerts' | 'emailNotifications'

/** Whom a link is for and what it turns off. */
export type UnsubscribeTarget = { organisationId: string; userId: string; off: UnsubscribeSwitch }

/** The one-click address for `target`: POST turns the switch off. */
export function createUnsubscribeUrl(
  env: Pick<Env, 'PUBLIC_URL'>,
  box: SecretBox,
  target: UnsubscribeTarget,
) {
  const token = box.seal(JSON.stringify(target), PURPOSE)
  return `${env.PUBLIC_URL}/api/mail/unsubscribe?token=${encodeURIComponent(token)}`
}

/** The headers that offer it to the mail client. */
export function createUnsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
}

/** The target of a token; null when it was not made here or was changed. */
export function readUnsubscribeToken(box: SecretBox, token: string): UnsubscribeTarget | null {
  try {
    const target = JSON.parse(box.open(token, PURPOSE)) as UnsubscribeTarget
    const isSwitch = target.off === 'activityAlerts' || target.off === 'emailNotifications'
    return isSwitch &&
      typeof target.userId === 'string' &&
      typeof target.organisationId === 'string'
      ? target
      : null
  } catch {
    return null
  }
}
