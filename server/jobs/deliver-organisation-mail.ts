import { setImmediate as nextTurn } from 'node:timers/promises'
import { salesSettings } from '#schema/db/organisation'
import { mailSent } from '#schema/db/system'
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
import {
  chunksOf,
  findDueNotifications,
  findSentBefore,
  hasDueNotifications,
  markNotifications,
  type NotificationRow,
} from './notification-outbox-rows.ts'
import { findNotificationRefusal } from './notification-refusal.ts'

type Deps = Pick<AppDeps, 'env' | 'systemDb' | 'directory' | 'organisations' | 'log'>

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
/** The rows of each mail: one per recipient and switch, in the order of their first row. */
function groupByMail(rows: NotificationRow[]) {
  const groups = new Map<string, NotificationRow[]>()
  for (const row of rows) {
    // An approver's digest is an activity notice, under its own switch: a mail apart.
    const switched = row.kind === 'review-digest' ? 'activity' : 'own'
    const key = `${row.recipientKind}\0${row.recipientId ?? ''}\0${row.recipient}\0${switched}`
    const group = groups.get(key)
    if (group) group.push(row)
    else groups.set(key, [row])
  }
  return groups.values()
}

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

  const mark = (
    organisationId: string,
    rows: NotificationRow[],
    changes: Partial<NotificationRow>,
  ) => markNotifications(deps.organisations, organisationId, rows, changes)

  /**
   * Hands the mail over: over SMTP, then remembered in the system file; or kept, in one
   * transaction of the system file with that memory, so neither exists without the other.
   * The system file first: should the organisation's write fail or its file be restored,
   * the mail is still known as gone. Rows are remembered IDS_PER_STATEMENT to an insert.
   */
  async function handOverMail(organisationId: string, rows: NotificationRow[], mail: OutgoingMail) {
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
          dedupeKey: `notification:${organisationId}:${(rows[0] as NotificationRow).id}`,
        },
      )
    })
    deps.log.info('mail kept for the outbox page', {
      organisationId,
      outboxId,
      kind: 'notification',
    })
  }

  async function render(organisationId: string, rows: NotificationRow[]) {
    const [first] = rows as [NotificationRow]
    const organisation = await deps.directory.findOrganisation(organisationId)
    // The file after the await (OrganisationCache: never held across one).
    const db = deps.organisations.get(organisationId)
    const currency = (db.select().from(salesSettings).get()?.currency ?? 'EUR') as Currency
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

  async function deliverGroup(organisationId: string, rows: NotificationRow[]) {
    const [first] = rows as [NotificationRow]
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
    hasDue: (organisationId: string) => hasDueNotifications(deps.organisations, organisationId),
    /** Sends the organisation's due notifications, one mail per recipient. */
    async deliverDue(organisationId: string) {
      const now = Date.now()
      const due = await findDueNotifications(deps.organisations, organisationId)
      await nextTurn()
      const sentBefore = await findSentBefore(deps.systemDb, due)
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
      const sendable = due.filter(
        (row) => !sentBefore.has(row.id) && now - row.createdAt < GIVE_UP_AFTER_MS,
      )
      for (const rows of groupByMail(sendable)) await deliverGroup(organisationId, rows)
    },
  }
}
