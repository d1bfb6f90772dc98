import { listDeviceRefusalsOf } from '#sync/client/device-refusals'
import type { SyncStatusStore } from '#sync/client/sync-status'
import { describeSyncChange, describeUnsentChange } from './describe-sync-change.ts'
import { describeQueuedChange } from './offline-queue/describe-queued-change.ts'
import { isLogoutItem, listQueueItems } from './offline-queue/queue-store.ts'

const LISTED = 8

/**
 * Asks before a logout that would delete unsent work: every change not yet on the server
 * (each collection of the open local database, and the offline queue items of the
 * accounts the logout removes), and the refusals kept on this device with the person's
 * values (device-refusals.ts), named. True when there is none or the person chose to log
 * out anyway.
 */
export async function confirmLogout(
  database: { status: SyncStatusStore } | null,
  accounts: readonly string[],
  /** What the person does: 'Uitloggen', or 'Wisselen van organisatie' (decision 028). */
  doing: { verb: string; question: string } = { verb: 'Uitloggen', question: 'Toch uitloggen?' },
): Promise<boolean> {
  const unsent = (database?.status.get().unsent ?? []).map(describeUnsentChange)
  const queued = await listQueueItems()
    .then((items) =>
      items
        .filter(
          (item) =>
            item.status === 'pending' &&
            !isLogoutItem(item) &&
            (!item.account || accounts.includes(item.account)),
        )
        .map(describeQueuedChange),
    )
    .catch(() => [])
  const refused = await listDeviceRefusalsOf(accounts)
    .then((refusals) => refusals.map((refusal) => `${describeSyncChange(refusal)} (niet verwerkt)`))
    .catch(() => [])
  const names = [...unsent, ...queued, ...refused]
  if (names.length === 0) return true
  const count = names.length
  const listed = names.slice(0, LISTED).map((name) => `• ${name}`)
  if (count > LISTED) listed.push(`• en nog ${count - LISTED}`)
  return window.confirm(
    [
      `${count === 1 ? 'Deze wijziging is' : `Deze ${count} wijzigingen zijn`} nog niet naar de server verstuurd:`,
      ...listed,
      '',
      `${doing.verb} verwijdert ${count === 1 ? 'deze' : 'ze'} van dit apparaat. ${doing.question}`,
    ].join('\n'),
  )
}
