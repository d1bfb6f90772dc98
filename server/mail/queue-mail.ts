import { v7 as uuidv7 } from 'uuid'
import { type MailKind, mailOutbox } from '#schema/db/system'
import type { SecretBox } from '../auth/secret-box.ts'
import type { SystemDb } from '../db/system-db.ts'
import type { Env } from '../env.ts'
import type { RenderedMail } from './render-mail.ts'

type SystemTx = Parameters<Parameters<SystemDb['transaction']>[0]>[0]

/** The purpose a mail's sealed content is bound to: its own outbox row. */
export const contentPurpose = (id: string) => `mail_outbox.content:${id}`

/** Seals a rendered mail's parts for its outbox row. */
export function sealContent(box: SecretBox, id: string, mail: RenderedMail) {
  return box.seal(JSON.stringify({ html: mail.html, text: mail.text }), contentPurpose(id))
}

/** A mail's parts back from its outbox row; null once erased (sent) or unreadable. */
export function openContent(box: SecretBox, id: string, sealed: string | null) {
  if (!sealed) return null
  try {
    return JSON.parse(box.open(sealed, contentPurpose(id))) as { html: string; text: string }
  } catch {
    return null
  }
}

/**
 * Writes a mail to the outbox inside the caller's transaction, so it exists exactly when
 * the change that causes it does. With SMTP_URL it waits for the delivery job
 * (server/jobs/deliver-mail.ts); without, it is kept for the outbox page.
 */
export function queueMail(
  tx: SystemTx,
  deps: { env: Pick<Env, 'SMTP_URL' | 'PUBLIC_URL'>; box: SecretBox },
  mail: RenderedMail & { kind: MailKind; to: string },
) {
  const id = uuidv7()
  const now = Date.now()
  tx.insert(mailOutbox)
    .values({
      id,
      messageId: `<${id}@${new URL(deps.env.PUBLIC_URL).hostname}>`,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.subject,
      content: sealContent(deps.box, id, mail),
      status: deps.env.SMTP_URL ? 'pending' : 'kept',
      nextAttemptAt: now,
      createdAt: now,
    })
    .run()
  return id
}
