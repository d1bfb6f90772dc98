import { and, asc, eq, lte } from 'drizzle-orm'
import type { Transporter } from 'nodemailer'
import { mailBounces, mailOutbox } from '#schema/db/system'
import type { AppDeps } from '../app-deps.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { openContent } from '../mail/queue-mail.ts'
import {
  createSmtpTransport,
  describeSmtpError,
  isPermanentRefusal,
  isRefusedAddress,
} from '../mail/smtp-transport.ts'
import { createOrganisationMailDelivery, type OutgoingMail } from './deliver-organisation-mail.ts'
import type { JobGate } from './job-gate.ts'
import { repeatWithoutOverlap } from './repeat-without-overlap.ts'

const TICK_MS = 500
const MAX_BACKOFF_MS = 5 * 60 * 1000
/** A sign-in mail not taken within a day has lost its use (its link expired long before). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000
const BATCH = 50

type Row = typeof mailOutbox.$inferSelect

/**
 * Sends the system file's mail outbox, then every organisation's notification outbox
 * (deliver-organisation-mail.ts), over SMTP_URL: each due row is handed to the server
 * with its own Message-ID, marked sent (its content erased) once the server took it;
 * a refused connection, a timeout or a 4xx answer is tried again after
 * MAIL_RETRY_BASE_MS, doubling to five minutes; a 5xx refusal or a day of failures marks
 * it failed for good. State lives in the rows, so a restart goes on where it stopped.
 * With several processes, one sends at a time under the job gate's lock and reads the due
 * rows again once it holds it; while Redis cannot be asked, no mail goes out (`skip`), as
 * two processes could otherwise send the same one. Without SMTP_URL the system outbox's
 * mails are kept from the start (queue-mail.ts) and the job only walks the organisations,
 * keeping their notifications for the outbox page in the same way (decision 037).
 */
export function startMailDelivery(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations' | 'log'> & {
    jobs: JobGate
  },
) {
  const hasSmtp = Boolean(deps.env.SMTP_URL)
  const box = getSecretBox(deps.env)
  let transport: Promise<Transporter> | null = null
  const sendMail = async (mail: OutgoingMail) => {
    transport ??= createSmtpTransport(deps.env)
    await (await transport).sendMail({
      from: deps.env.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
      messageId: mail.messageId,
      headers: mail.headers,
      attachments: mail.attachments?.map((file) => ({ ...file, encoding: 'base64' })),
    })
  }
  const notifications = createOrganisationMailDelivery(deps, hasSmtp ? sendMail : 'keep')
  // Every organisation is looked at once after a start (mail queued before a restart);
  // later, the open files, as the lead delivery does.
  // (Read at the first tick, the system directory being asynchronous; a failure is
  // logged and the read tried again at the next.)
  let toScan: string[] | 'all' = 'all'

  const findDue = () =>
    deps.systemDb
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, Date.now())))
      .orderBy(asc(mailOutbox.nextAttemptAt))
      .limit(BATCH)
      .all()

  /** The address refused for good, with the server's words, for the Gebruikers page. */
  function markBounce(email: string, reason: string, at: number) {
    deps.systemDb
      .insert(mailBounces)
      .values({ email, reason, at })
      .onConflictDoUpdate({ target: mailBounces.email, set: { reason, at } })
      .run()
  }

  async function send(row: Row) {
    const content = openContent(box, row.id, row.content)
    const attempts = row.attempts + 1
    let error: unknown = content ? null : new Error('De inhoud van de e-mail is niet leesbaar')
    if (content) {
      try {
        await sendMail({
          ...content,
          to: row.recipient,
          subject: content.subject ?? row.subject,
          messageId: row.messageId,
          headers: content.headers ?? {},
          attachments: content.attachments,
        })
      } catch (caught) {
        error = caught
      }
    }
    const now = Date.now()
    if (error === null) {
      deps.systemDb.transaction((tx) => {
        tx.update(mailOutbox)
          .set({ status: 'sent', attempts, sentAt: now, content: null, lastError: null })
          .where(eq(mailOutbox.id, row.id))
          .run()
        // The address takes mail again: the administrator's marker goes.
        tx.delete(mailBounces).where(eq(mailBounces.email, row.recipient)).run()
      })
      return
    }
    if (isRefusedAddress(error)) markBounce(row.recipient, describeSmtpError(error), now)
    const forGood = !content || isPermanentRefusal(error) || now - row.createdAt >= GIVE_UP_AFTER_MS
    const backoff = Math.min(MAX_BACKOFF_MS, deps.env.MAIL_RETRY_BASE_MS * 2 ** (attempts - 1))
    deps.systemDb
      .update(mailOutbox)
      .set({
        status: forGood ? 'failed' : 'pending',
        attempts,
        lastError: describeSmtpError(error),
        nextAttemptAt: now + backoff,
        // A mail given up holds no link any longer.
        content: forGood ? null : row.content,
      })
      .where(eq(mailOutbox.id, row.id))
      .run()
    deps.log.info('mail not sent', { outboxId: row.id, kind: row.kind, attempts, forGood })
  }

  async function tick() {
    if (hasSmtp && findDue().length > 0) {
      await deps.jobs.runAlone(
        'mail-delivery',
        'system',
        async () => {
          // Read again under the lock: another process may have sent some meanwhile.
          for (const row of findDue()) await send(row)
        },
        'skip',
      )
    }
    const scan = toScan === 'all' ? await deps.organisations.heldIds() : toScan
    const organisationIds = new Set([...scan, ...deps.organisations.openIds()])
    toScan = []
    for (const organisationId of organisationIds) {
      if (!notifications.hasDue(organisationId)) continue
      await deps.jobs.runAlone(
        'mail-delivery',
        organisationId,
        () => notifications.deliverDue(organisationId),
        'skip',
      )
    }
  }

  const stop = repeatWithoutOverlap(TICK_MS, tick, (error) =>
    deps.log.error('mail delivery failed', { error }),
  )
  /** Stops the job and waits for a mail under way, so no write hits a closed file. */
  return async () => {
    await stop()
    ;(await transport)?.close()
  }
}
