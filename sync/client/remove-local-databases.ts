import { clearFillProgress } from './fill-progress.ts'
import { getLocalDatabaseName } from './local-database-name.ts'
import type { AreaAccount } from './signed-in-account.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

/**
 * Deletes one person's local database of one area at their logout (docs/architecture.md: logout
 * removes the local database): the open one, and its IndexedDB files if this page never
 * opened it. Other people's databases on this device (with their unsent work) stay.
 * Never throws: a logout must go on.
 */
export async function removeLocalDatabase(account: AreaAccount): Promise<void> {
  // Loaded here, not imported: RxDB stays out of the first screen's scripts.
  const { findOpenedLocalDatabase } = await import('./local-database.ts')
  const opened = await findOpenedLocalDatabase(account)?.catch(() => undefined)
  await opened?.remove().catch(() => undefined)
  const name = getLocalDatabaseName(account.organisationId, account.userId, account.area)
  clearFillProgress(name)
  clearUnsentNotice(name)
  if (typeof indexedDB === 'undefined' || !('databases' in indexedDB)) return
  // RxDB's Dexie storage names each collection's file rxdb-dexie-<database>--<version>--<collection>.
  const prefix = `rxdb-dexie-${name}--`
  const all = await indexedDB.databases().catch(() => [])
  await Promise.allSettled(
    all
      .map((info) => info.name)
      .filter((file): file is string => !!file?.startsWith(prefix))
      .map(
        (file) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(file)
            request.onsuccess = request.onerror = request.onblocked = () => resolve()
          }),
      ),
  )
}
