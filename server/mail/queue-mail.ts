import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import { type MailKind, mailOutbox } from '#schema/db/system'
import { getSecretBox, type SecretBox } from '../auth/secret-box.ts'
import type { SystemDb } from '../db/system-db.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import type { RenderedMail } from './render-mail.ts'

type SystemTx = Parameters<Parameters<SystemDb['transaction']>[0]>[0]

/** The purpose a mail's sealed content is bound to: its own outbox row. */
export const contentPurpose = (id: string) => `mail_outbox.content:${id}`

/** A file a mail carries (a statement PDF), its bytes as base64. */
export type MailAttachment = { filename: string; contentType: string; content: string }

/** What a row's sealed content holds: the parts, and the extra headers and files if any. */
export type MailContent = {
  html: string
  text: string
  /** Fixed headers we set (List-Unsubscribe); never text a user typed. */
  headers?: Record<string, string>
  attachments?: MailAttachment[]
  /**
   * The subject, when it names what a user typed (a notification's client): sealed here,
   * the row's column holding a fixed label, so the system file holds no sales data openly.
   */
  subject?: string
}

/** Seals a rendered mail's parts (and its headers and files) for its outbox row. */
export function sealContent(box: SecretBox, id: string, mail: MailContent) {
  const { html, text, headers, attachments, subject } = mail
  return box.seal(JSON.stringify({ html, text, headers, attachments, subject }), contentPurpose(id))
}

/** A mail's parts back from its outbox row; null once erased (sent) or unreadable. */
export function openContent(box: SecretBox, id: string, sealed: string | null) {
  if (!sealed) return null
  try {
    return JSON.parse(box.open(sealed, contentPurpose(id))) as MailContent
  } catch {
    return null
  }
}

/**
 * Writes a mail to the outbox inside the caller's transaction, so it exists exactly when
 * the change that causes it does. With SMTP_URL it waits for the delivery job
 * (server/jobs/deliver-mail.ts); without, it is kept for the outbox page. With a
 * `dedupeKey` already queued it writes nothing and answers null: the mail exists once.
 */
export function queueMail(
  tx: SystemTx,
  deps: { env: Pick<Env, 'SMTP_URL' | 'PUBLIC_URL'>; box: SecretBox },
  mail: RenderedMail &
    Omit<MailContent, 'html' | 'text' | 'subject'> & {
      kind: MailKind
      to: string
      dedupeKey?: string
      /** The row's subject column when the real one is sealed with the content. */
      listedSubject?: string
    },
): string | null {
  const id = uuidv7()
  const now = Date.now()
  const result = tx
    .insert(mailOutbox)
    .values({
      id,
      messageId: `<${id}@${new URL(deps.env.PUBLIC_URL).hostname}>`,
      kind: mail.kind,
      recipient: mail.to,
      subject: mail.listedSubject ?? mail.subject,
      content: sealContent(deps.box, id, {
        ...mail,
        subject: mail.listedSubject ? mail.subject : undefined,
      }),
      status: deps.env.SMTP_URL ? 'pending' : 'kept',
      nextAttemptAt: now,
      createdAt: now,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .run()
  return result.changes === 1 ? id : null
}

/** Whether a mail with this dedupe key was queued already (sent or not: rows stay). */
export function isMailQueued(systemDb: SystemDb, dedupeKey: string): boolean {
  return (
    systemDb
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.dedupeKey, dedupeKey))
      .get() !== undefined
  )
}

type QueuedMail = Parameters<typeof queueMail>[2]

/**
 * Writes one mail to the system outbox in a transaction of its own, for a cause that is
 * not in the system file (a restore, a failed backup, a statement month): the outbox is
 * the one place an organisation's restore cannot replace. Logs one line without address.
 */
export function queueSystemMail(
  deps: { env: Env; systemDb: SystemDb; log: Logger },
  mail: QueuedMail,
) {
  const box = getSecretBox(deps.env)
  const outboxId = deps.systemDb.transaction((tx) => queueMail(tx, { env: deps.env, box }, mail))
  if (outboxId) {
    deps.log.info(deps.env.SMTP_URL ? 'mail queued' : 'mail kept for the outbox page', {
      outboxId,
      kind: mail.kind,
    })
  }
  return outboxId
}
