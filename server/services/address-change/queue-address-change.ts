import { EMAIL_CHANGE_TTL_MS } from '#schema/constants'
import type { AppDeps } from '../../app-deps.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import { generateToken } from '../../auth/tokens.ts'
import { renderConfirmMail, renderNoticeMail } from '../../mail/address-change-mails.tsx'
import { queueMail } from '../../mail/queue-mail.ts'
import { type ChangingAccount, writeChangeToken } from './change-tokens.ts'

/**
 * The part of a change request both areas share, once their own checks passed: a token
 * and two mails — the link (opening under `base`, the area's address) to the new address,
 * a notice to the old — in one transaction of the system file.
 */
export async function queueAddressChange(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'log'>,
  account: ChangingAccount,
  change: Parameters<typeof renderConfirmMail>[0] & { oldEmail: string },
  base: string | undefined,
) {
  const token = generateToken()
  const now = Date.now()
  const validHours = EMAIL_CHANGE_TTL_MS / 3_600_000
  const [confirm, notice] = await Promise.all([
    renderConfirmMail(change, `${base}/confirm-email/${token}`, validHours),
    renderNoticeMail(change, `${base}/settings`),
  ])
  const box = getSecretBox(deps.env)
  const expiresAt = now + EMAIL_CHANGE_TTL_MS
  const newEmail = change.newEmail
  deps.systemDb.transaction((tx) => {
    writeChangeToken(tx, account, { token, newEmail, now, expiresAt })
    const mailDeps = { env: deps.env, box }
    queueMail(tx, mailDeps, { ...confirm, kind: 'address-change', to: newEmail })
    queueMail(tx, mailDeps, { ...notice, kind: 'address-change-notice', to: change.oldEmail })
  })
  deps.log.info(deps.env.SMTP_URL ? 'mail queued' : 'mail kept for the outbox page', {
    kind: 'address-change',
  })
  return { pending: { email: newEmail, expiresAt } }
}
