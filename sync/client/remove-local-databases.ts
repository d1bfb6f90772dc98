import { getOpenedLocalDatabases, LOCAL_DATABASE_PREFIX } from './local-database.ts'

const DEXIE_PREFIX = `rxdb-dexie-${LOCAL_DATABASE_PREFIX}`

/**
 * Deletes the local data of this product at logout (DESIGN.md: logout removes the local
 * database): the databases this page opened, and any other this browser still holds
 * from an earlier session (an expired one that never logged out). Never throws: a
 * logout must go on.
 */
export async function removeLocalDatabases(): Promise<void> {
  const opened = await Promise.allSettled(getOpenedLocalDatabases())
  await Promise.allSettled(
    opened.map((result) => (result.status === 'fulfilled' ? result.value.remove() : undefined)),
  )
  if (typeof indexedDB === 'undefined' || !('databases' in indexedDB)) return
  const all = await indexedDB.databases().catch(() => [])
  await Promise.allSettled(
    all
      .map((info) => info.name)
      .filter((name): name is string => !!name?.startsWith(DEXIE_PREFIX))
      .map(
        (name) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(name)
            request.onsuccess = request.onerror = request.onblocked = () => resolve()
          }),
      ),
  )
}
