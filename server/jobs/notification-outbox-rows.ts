import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, asc, eq, gt, inArray, lte, or } from 'drizzle-orm'
import { notificationOutbox } from '#schema/db/organisation'
import { mailSent } from '#schema/db/system'
import type { AppDeps } from '../app-deps.ts'

// The rows of an organisation's notification outbox as the delivery reads and marks them
// (deliver-organisation-mail.ts), each step in small statements with turns of the event
// loop between them.

/** A row of an organisation's notification outbox. */
export type NotificationRow = typeof notificationOutbox.$inferSelect

type Organisations = AppDeps['organisations']

/** Rows read per organisation and round: an import's thousand fit in one digest. */
const MAX_DUE = 5000
/**
 * Ids (or rows) per statement: far below SQLite's limit of bound values. A digest's rows
 * are read, recorded and marked this many to a statement, each step in a turn of the
 * event loop of its own: an import's thousand rows, one statement each in one turn, held
 * every organisation's requests for 0.2–0.9 s (decision 038).
 */
const IDS_PER_STATEMENT = 500

/** `items` in pieces of IDS_PER_STATEMENT. */
export const chunksOf = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / IDS_PER_STATEMENT) }, (_, index) =>
    items.slice(index * IDS_PER_STATEMENT, (index + 1) * IDS_PER_STATEMENT),
  )

/** Whether the organisation has notifications due now. */
export const hasDueNotifications = (organisations: Organisations, organisationId: string) =>
  organisations
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
export async function findDueNotifications(organisations: Organisations, organisationId: string) {
  const now = Date.now()
  const due: NotificationRow[] = []
  let after: NotificationRow | undefined
  while (due.length < MAX_DUE) {
    const page = organisations
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

/** Sets `changes` on the rows, in one transaction of the organisation's file. */
export function markNotifications(
  organisations: Organisations,
  organisationId: string,
  rows: NotificationRow[],
  changes: Partial<NotificationRow>,
) {
  organisations.get(organisationId).transaction((tx) => {
    for (const ids of chunksOf(rows.map((row) => row.id))) {
      tx.update(notificationOutbox).set(changes).where(inArray(notificationOutbox.id, ids)).run()
    }
  })
}

/**
 * The ids of rows the system file remembers as sent or kept: the organisation's file was
 * restored from a copy in which they still wait.
 */
export async function findSentBefore(systemDb: AppDeps['systemDb'], rows: NotificationRow[]) {
  const sent = new Set<string>()
  for (const ids of chunksOf(rows.map((row) => row.id))) {
    for (const row of systemDb
      .select({ id: mailSent.outboxId })
      .from(mailSent)
      .where(inArray(mailSent.outboxId, ids))
      .all())
      sent.add(row.id)
    await nextTurn()
  }
  return sent
}
