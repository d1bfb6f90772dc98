import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm'
import { notificationOutbox, salesSettings } from '#schema/db/organisation'
import { mailSent, organisations } from '#schema/db/system'
import type { Currency } from '#schema/format-money'
import type { AppDeps } from '../app-deps.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import {
  createUnsubscribeHeaders,
  createUnsubscribeToken,
  findSalesLinkBase,
  unsubscribeUrlOf,
} from '../mail/notification-links.ts'
import { renderNotificationMail } from '../mail/notification-mail.tsx'
import { type MailAttachment, queueMail } from '../mail/queue-mail.ts'
import type { RenderedMail } from '../mail/render-mail.ts'
import { describeSmtpError, isPermanentRefusal } from '../mail/smtp-transport.ts'
import { findNotificationRefusal } from './notification-refusal.ts'

type Row = typeof notificationOutbox.$inferSelect
type Deps = Pick<AppDeps, 'env' | 'systemDb' | 'organisations' | 'log'>

/** A mail handed to the SMTP server: the same Message-ID on every attempt. */
export type OutgoingMail = RenderedMail & {
  to: string
  messageId: string
  headers: Record<string, string>
  /** Files (base64), as the monthly statement carries. */
  attachments?: MailAttachment[]
}

/**
 * Where a notification goes: to the SMTP server, or, without SMTP_URL, `keep`: into the
 * system outbox as a kept mail, shown on the outbox page as the sign-in mail is.
 */
export type HandOver = ((mail: OutgoingMail) => Promise<void>) | 'keep'

/** The outbox page's subject column for a kept notification; the real one is sealed. */
const LISTED_SUBJECT = 'Melding uit Gold Estates'

const MAX_BACKOFF_MS = 5 * 60 * 1000
/** A notification not out within a day is old news: given up, not sent late. */
const GIVE_UP_AFTER_MS = 24 * 60 * 60 * 1000
/** Rows read per organisation and round: an import's thousand fit in one digest. */
const MAX_DUE = 5000
/**
 * Ids (or rows) per statement: far below SQLite's limit of bound values. A digest's rows
 * are read, recorded and marked this many to a statement, each step in a turn of the
 * event loop of its own: an import's thousand rows, one statement each in one turn, held
 * every organisation's requests for 0.2–0.9 s (decision 038).
 */
const IDS_PER_STATEMENT = 500

const chunksOf = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / IDS_PER_STATEMENT) }, (_, index) =>
    items.slice(index * IDS_PER_STATEMENT, (index + 1) * IDS_PER_STATEMENT),
  )

/**
 * Sends (or keeps, see HandOver) an organisation's notification outbox (the caller holds
 * its lock): the due rows of one recipient become one mail; rows already sent or kept
 * according to the system file (the organisation's file was restored from an older copy)
 * are marked so without a mail; a recipient whose switch is off, whose address changed or
 * who left gets nothing.
 */
export function createOrganisationMailDelivery(deps: Deps, handOver: HandOver) {
  const handedStatus = handOver === 'keep' ? 'kept' : 'sent'
  const box = getSecretBox(deps.env)
  const host = new URL(deps.env.PUBLIC_URL).hostname
  const salesBase = findSalesLinkBase(deps.env)

  const isDue = (organisationId: string) =>
    deps.organisations
      .get(organisationId)
      .select({ id: notificationOutbox.id })
      .from(notificationOutbox)
      .where(
        and(
          eq(notificationOutbox.status, 'pending'),
          lte(notificationOutbox.nextAttemptAt, Date.now()),
        ),
      )
      .limit(1)
      .get() !== undefined

  /** The due rows, oldest first: a page of IDS_PER_STATEMENT a turn, up to MAX_DUE. */
  async function findDue(organisationId: string) {
    const now = Date.now()
    const due: Row[] = []
    let after: Row | undefined
    while (due.length < MAX_DUE) {
      const page = deps.organisations
        .get(organisationId)
        .select()
        .from(notificationOutbox)
        .where(
          and(
            eq(notificationOutbox.status, 'pending'),
            lte(notificationOutbox.nextAttemptAt, now),
            after &&
              or(
                gt(notificationOutbox.createdAt, after.createdAt),
                and(
                  eq(notificationOutbox.createdAt, after.createdAt),
                  gt(notificationOutbox.id, after.id),
                ),
              ),
          ),
        )
        .orderBy(asc(notificationOutbox.createdAt), asc(notificationOutbox.id))
        .limit(IDS_PER_STATEMENT)
        .all()
      due.push(...page)
      after = page.at(-1)
      if (page.length < IDS_PER_STATEMENT) break
      await nextTurn()
    }
    return due.slice(0, MAX_DUE)
  }

  function mark(organisationId: string, rows: Row[], changes: Partial<Row>) {
    const db = deps.organisations.get(organisationId)
    db.transaction((tx) => {
      for (const ids of chunksOf(rows.map((row) => row.id))) {
        tx.update(notificationOutbox).set(changes).where(inArray(notificationOutbox.id, ids)).run()
      }
    })
  }

  async function findSentBefore(rows: Row[]) {
    const sent = new Set<string>()
    for (const ids of chunksOf(rows.map((row) => row.id))) {
      for (const row of deps.systemDb
        .select({ id: mailSent.outboxId })
        .from(mailSent)
        .where(inArray(mailSent.outboxId, ids))
        .all())
        sent.add(row.id)
      await nextTurn()
    }
    return sent
  }

  /**
   * Hands the mail over: over SMTP, then remembered in the system file; or kept, in one
   * transaction of the system file with that memory, so neither exists without the other.
   * The system file first: should the organisation's write fail or its file be restored,
   * the mail is still known as gone. Rows are remembered IDS_PER_STATEMENT to an insert.
   */
  async function handOverMail(organisationId: string, rows: Row[], mail: OutgoingMail) {
    const now = Date.now()
    const remember = (tx: Parameters<Parameters<Deps['systemDb']['transaction']>[0]>[0]) => {
      for (const chunk of chunksOf(rows)) {
        tx.insert(mailSent)
          .values(
            chunk.map((row) => ({
              outboxId: row.id,
              organisationId,
              messageId: mail.messageId,
              sentAt: now,
            })),
          )
          .onConflictDoNothing()
          .run()
      }
    }
    if (handOver !== 'keep') {
      await handOver(mail)
      deps.systemDb.transaction(remember)
      return
    }
    const outboxId = deps.systemDb.transaction((tx) => {
      remember(tx)
      return queueMail(
        tx,
        { env: deps.env, box },
        {
          ...mail,
          kind: 'notification',
          listedSubject: LISTED_SUBJECT,
          dedupeKey: `notification:${organisationId}:${(rows[0] as Row).id}`,
        },
      )
    })
    deps.log.info('mail kept for the outbox page', {
      organisationId,
      outboxId,
      kind: 'notification',
    })
  }

  async function render(organisationId: string, rows: Row[]) {
    const [first] = rows as [Row]
    const db = deps.organisations.get(organisationId)
    const currency = (db.select().from(salesSettings).get()?.currency ?? 'EUR') as Currency
    const organisation = deps.systemDb
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .get()
    const token = createUnsubscribeToken(box, {
      organisationId,
      kind: first.recipientKind,
      recipientId: first.recipientId,
      email: first.recipient,
    })
    const unsubscribeUrl = unsubscribeUrlOf(deps.env, token)
    const mail = await renderNotificationMail(
      rows.map((row) => ({ id: row.id, kind: row.kind, payload: row.payload })),
      { salesBase, currency },
      {
        kind: first.recipientKind,
        organisationName: organisation?.name ?? '',
        settingsUrl: `${salesBase}/settings`,
        unsubscribeUrl,
      },
    )
    return { mail, unsubscribeUrl }
  }

  async function deliverGroup(organisationId: string, rows: Row[]) {
    const [first] = rows as [Row]
    const refusal = findNotificationRefusal(deps.organisations.get(organisationId), first)
    if (refusal) return mark(organisationId, rows, { status: 'skipped', lastError: refusal })
    const messageId = `<${first.id}@${host}>`
    const attempts = first.attempts + 1
    let error: unknown = null
    try {
      const { mail, unsubscribeUrl } = await render(organisationId, rows)
      await nextTurn()
      await handOverMail(organisationId, rows, {
        ...mail,
        to: first.recipient,
        messageId,
        headers: createUnsubscribeHeaders(unsubscribeUrl),
      })
    } catch (caught) {
      error = caught
    }
    const now = Date.now()
    if (error === null) {
      await nextTurn()
      return mark(organisationId, rows, {
        status: handedStatus,
        sentAt: now,
        messageId,
        attempts,
        lastError: null,
      })
    }
    const forGood = isPermanentRefusal(error)
    const backoff = Math.min(MAX_BACKOFF_MS, deps.env.MAIL_RETRY_BASE_MS * 2 ** (attempts - 1))
    mark(organisationId, rows, {
      status: forGood ? 'failed' : 'pending',
      attempts,
      lastError: describeSmtpError(error),
      nextAttemptAt: now + backoff,
    })
    deps.log.info('notification not sent', {
      organisationId,
      outboxId: first.id,
      attempts,
      forGood,
    })
  }

  return {
    /** Whether the organisation has notifications due now. */
    hasDue: isDue,
    /** Sends the organisation's due notifications, one mail per recipient. */
    async deliverDue(organisationId: string) {
      const now = Date.now()
      const due = await findDue(organisationId)
      await nextTurn()
      const sentBefore = await findSentBefore(due)
      const restored = due.filter((row) => sentBefore.has(row.id))
      if (restored.length) mark(organisationId, restored, { status: handedStatus, lastError: null })
      const stale = due.filter(
        (row) => !sentBefore.has(row.id) && now - row.createdAt >= GIVE_UP_AFTER_MS,
      )
      if (stale.length)
        mark(organisationId, stale, {
          status: 'failed',
          lastError: 'Niet binnen een dag verstuurd',
        })
      const groups = new Map<string, Row[]>()
      for (const row of due) {
        if (sentBefore.has(row.id) || now - row.createdAt >= GIVE_UP_AFTER_MS) continue
        // An approver's digest is an activity notice, under its own switch: a mail apart.
        const switched = row.kind === 'review-digest' ? 'activity' : 'own'
        const key = `${row.recipientKind}\0${row.recipientId ?? ''}\0${row.recipient}\0${switched}`
        const group = groups.get(key)
        if (group) group.push(row)
        else groups.set(key, [row])
      }
      for (const rows of groups.values()) await deliverGroup(organisationId, rows)
    },
  }
}
