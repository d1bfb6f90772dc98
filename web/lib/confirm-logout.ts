import { formatSyncAccount } from '#sync/account'
import { listDeviceRefusalsOf } from '#sync/client/device-refusals'
import { getLocalDatabaseName } from '#sync/client/local-database-name'
import type { AreaAccount } from '#sync/client/signed-in-account'
import type { SyncStatusStore, UnsentChange } from '#sync/client/sync-status'
import { readUnsentNotice } from '#sync/client/unsent-notice'
import { describeSyncChange, describeUnsentChange } from './describe-sync-change.ts'
import { describeQueuedChange } from './offline-queue/describe-queued-change.ts'
import { isLogoutItem, listQueueItems } from './offline-queue/queue-store.ts'
import { AREA_NAMES } from './remembered-account.ts'

const LISTED = 8

type OpenDatabase = {
  name: string
  status: SyncStatusStore
  /** Counts its unsent changes into `status` at once (the recount otherwise waits 400 ms). */
  countUnsent?: () => Promise<void>
}
type Doing = { verb: string; question: string }
const LOGGING_OUT: Doing = { verb: 'Uitloggen', question: 'Toch uitloggen?' }

/**
 * Asks before a logout that would delete unsent work: every change not yet on the server
 * of each account the logout removes (its local database's unsent changes, its offline
 * queue items and the refusals kept on this device with the person's values), named, under
 * the name of its area when more than the page's own area has some. `accounts` starts with
 * the page's own; `staying` are the accounts of another area whose work the logout keeps
 * (said in one line); `doing` names what the person does ('Uitloggen', or 'Wisselen van
 * organisatie', decision 028). True when there is none or the person chose to go on.
 */
export async function confirmLogout(
  database: OpenDatabase | null,
  accounts: readonly AreaAccount[],
  { staying = [], doing = LOGGING_OUT }: { staying?: readonly AreaAccount[]; doing?: Doing } = {},
): Promise<boolean> {
  // A change made a moment ago is not in the list until the next recount.
  await database?.countUnsent?.()
  const groups = await Promise.all(
    accounts.map(async (account, index) => ({
      area: account.area,
      names: await listUnsentWork(account, database, index === 0),
    })),
  )
  const count = groups.reduce((sum, group) => sum + group.names.length, 0)
  if (count === 0) return true
  const ownArea = accounts[0]?.area
  const isNamingAreas = groups.some((group) => group.area !== ownArea && group.names.length > 0)
  const listed: string[] = []
  for (const group of groups) {
    if (group.names.length === 0) continue
    if (isNamingAreas) listed.push(`${AREA_NAMES[group.area]}:`)
    const room = Math.max(0, LISTED - listed.length)
    listed.push(...group.names.slice(0, room).map((name) => `• ${name}`))
  }
  const shown = listed.filter((line) => line.startsWith('• ')).length
  if (count > shown) listed.push(`• en nog ${count - shown}`)
  const kept = staying.map((account) => ({
    area: account.area,
    count: readUnsentNotice(getDatabaseName(account)).length,
  }))
  return window.confirm(
    [
      `${count === 1 ? 'Deze wijziging is' : `Deze ${count} wijzigingen zijn`} nog niet naar de server verstuurd:`,
      ...listed,
      '',
      ...kept
        .filter((other) => other.count > 0)
        .map(
          (other) =>
            `${other.count === 1 ? 'Je wijziging' : `Je ${other.count} wijzigingen`} in ${AREA_NAMES[other.area]} ${other.count === 1 ? 'blijft' : 'blijven'} op dit apparaat en ${other.count === 1 ? 'wordt' : 'worden'} nog verzonden.`,
        ),
      `${doing.verb} verwijdert ${count === 1 ? 'deze' : 'ze'} van dit apparaat. ${doing.question}`,
    ].join('\n'),
  )
}

function getDatabaseName(account: AreaAccount) {
  return getLocalDatabaseName(account.organisationId, account.userId, account.area)
}

/**
 * One account's unsent work in words: its database's unsent changes (the open one's count,
 * or the notice its replicating tab left), queued calls and refusals kept on the device.
 * Queued calls that name no account count as the page's own (`isOwn`).
 */
async function listUnsentWork(
  account: AreaAccount,
  database: OpenDatabase | null,
  isOwn: boolean,
): Promise<string[]> {
  const name = getDatabaseName(account)
  const counted = database?.name === name ? database.status.get().unsent : null
  const unsent: readonly UnsentChange[] = counted ?? readUnsentNotice(name)
  const named = formatSyncAccount(account)
  const queued = await listQueueItems()
    .then((items) =>
      items
        .filter(
          (item) =>
            item.status === 'pending' &&
            !isLogoutItem(item) &&
            (item.account ? item.account === named : isOwn),
        )
        .map(describeQueuedChange),
    )
    .catch(() => [])
  const refused = await listDeviceRefusalsOf([named])
    .then((refusals) => refusals.map((refusal) => `${describeSyncChange(refusal)} (niet verwerkt)`))
    .catch(() => [])
  return [...unsent.map(describeUnsentChange), ...queued, ...refused]
}
