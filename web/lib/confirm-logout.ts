import type { SyncStatusStore } from '#sync/client/sync-status'
import { describeUnsentChange } from './describe-sync-change.ts'
import { describeQueuedChange } from './offline-queue/describe-queued-change.ts'
import { listQueueItems } from './offline-queue/queue-store.ts'

const LISTED = 8

/**
 * Asks before a logout that would delete unsent work: every change of this person not yet
 * on the server (each collection of the local database, and the offline queue), named.
 * True when there is none or the person chose to log out anyway.
 */
export async function confirmLogout(
  database: { status: SyncStatusStore } | null,
  account: string | null,
): Promise<boolean> {
  const unsent = (database?.status.get().unsent ?? []).map(describeUnsentChange)
  const queued = await listQueueItems()
    .then((items) =>
      items
        .filter((item) => item.status === 'pending' && (!item.account || item.account === account))
        .map(describeQueuedChange),
    )
    .catch(() => [])
  const names = [...unsent, ...queued]
  if (names.length === 0) return true
  const count = names.length
  const listed = names.slice(0, LISTED).map((name) => `• ${name}`)
  if (count > LISTED) listed.push(`• en nog ${count - LISTED}`)
  return window.confirm(
    [
      `${count === 1 ? 'Deze wijziging is' : `Deze ${count} wijzigingen zijn`} nog niet naar de server verstuurd:`,
      ...listed,
      '',
      `Uitloggen verwijdert ${count === 1 ? 'deze' : 'ze'} van dit apparaat. Toch uitloggen?`,
    ].join('\n'),
  )
}
