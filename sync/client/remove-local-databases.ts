import { deleteDatabaseFiles, markForRemoval, unmark } from './databases-to-remove.ts'
import { clearFillProgress } from './fill-progress.ts'
import { getLocalDatabaseName } from './local-database-name.ts'
import type { AreaAccount } from './signed-in-account.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

/** How long a logout waits for the open database to stop before it goes on without it. */
const REMOVE_WAIT_MS = 5_000

/**
 * Deletes one person's local database of one area at their logout (docs/architecture.md:
 * logout removes the local database): the open one, and its IndexedDB files if this page
 * never opened it. Other people's databases on this device (with their unsent work) stay.
 * Never throws: a logout must go on.
 */
export async function removeLocalDatabase(account: AreaAccount): Promise<void> {
  const name = getLocalDatabaseName(account.organisationId, account.userId, account.area)
  // Marked first: a reload from here on still ends in the files being deleted.
  markForRemoval(name)
  // Loaded here, not imported: RxDB stays out of the first screen's scripts.
  const { findOpenedLocalDatabase } = await import('./local-database.ts')
  // Bounded: a database still opening or filling can hold its stop for long on a slow
  // phone, and a person who logs out or switches must not wait on it; what is left
  // stays marked and goes at the next start.
  await withinTime(
    (async () => {
      const opened = await findOpenedLocalDatabase(account)?.catch(() => undefined)
      await opened?.remove().catch(() => undefined)
    })(),
  )
  clearFillProgress(name)
  clearUnsentNotice(name)
  if (await deleteDatabaseFiles(name)) unmark(name)
}

function withinTime(work: Promise<void>): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, REMOVE_WAIT_MS)
  })
  return Promise.race([work, waited]).finally(() => clearTimeout(timer))
}
