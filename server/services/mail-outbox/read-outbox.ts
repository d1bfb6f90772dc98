import { desc, inArray, isNotNull } from 'drizzle-orm'
import { mailBounces, mailOutbox } from '#schema/db/system'
import type { OutboxView } from '#schema/mail'
import type { AppDeps } from '../../app-deps.ts'
import { getSecretBox } from '../../auth/secret-box.ts'
import type { ServiceContext } from '../../context.ts'
import { openContent } from '../../mail/queue-mail.ts'
import { describeMailServer } from '../../mail/smtp-transport.ts'
import { requirePermission } from '../permissions/require-permission.ts'

const SHOWN = 50

/**
 * Uitgaande e-mail (the platform's SUPERADMIN, organisations.manage): the mail server in
 * use without its password, the last delivery error and the newest mails. A mail's body
 * is shown only while it is kept (no SMTP_URL): then the page is how a reset link reaches
 * its person; with SMTP the links are the recipients' alone.
 */
export function readOutbox(
  ctx: ServiceContext,
  deps: Pick<AppDeps, 'env' | 'systemDb'>,
): OutboxView {
  requirePermission(ctx.actor, 'organisations.manage')
  const box = getSecretBox(deps.env)
  const server = describeMailServer(deps.env)
  const failing = deps.systemDb
    .select({ at: mailOutbox.nextAttemptAt, message: mailOutbox.lastError })
    .from(mailOutbox)
    .where(isNotNull(mailOutbox.lastError))
    .orderBy(desc(mailOutbox.nextAttemptAt))
    .limit(1)
    .get()
  const rows = deps.systemDb
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(SHOWN)
    .all()
  const recipients = [...new Set(rows.map((row) => row.recipient))]
  const bounces = new Map(
    deps.systemDb
      .select()
      .from(mailBounces)
      .where(inArray(mailBounces.email, recipients))
      .all()
      .map((bounce) => [bounce.email, { reason: bounce.reason, at: bounce.at }]),
  )
  return {
    server: server && { ...server, from: deps.env.MAIL_FROM ?? '' },
    lastError: failing?.message ? { at: failing.at, message: failing.message } : null,
    mails: rows.map((row) => {
      const content = row.status === 'kept' ? openContent(box, row.id, row.content) : null
      return {
        id: row.id,
        kind: row.kind,
        to: row.recipient,
        subject: content?.subject ?? row.subject,
        status: row.status,
        attempts: row.attempts,
        lastError: row.lastError,
        createdAt: row.createdAt,
        sentAt: row.sentAt,
        html: content?.html ?? null,
        text: content?.text ?? null,
        bounce: bounces.get(row.recipient) ?? null,
      }
    }),
  }
}
