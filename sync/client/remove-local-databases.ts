import { getOpenedLocalDatabases, LOCAL_DATABASE_PREFIX } from './local-database.ts'

/**
 * Deletes the local data of this product at logout (DESIGN.md: logout removes the local
 * database): the databases this page opened, and any other this browser still holds
 * from an earlier session (an expired one that never logged out). `prefix` narrows it to
 * one area (SALES_DATABASE_PREFIX at the sales logout); the default is every database.
 * Never throws: a logout must go on.
 */
export async function removeLocalDatabases(prefix = LOCAL_DATABASE_PREFIX): Promise<void> {
  const dexiePrefix = `rxdb-dexie-${prefix}`
  const opened = await Promise.allSettled(getOpenedLocalDatabases(prefix))
  await Promise.allSettled(
    opened.map((result) => (result.status === 'fulfilled' ? result.value.remove() : undefined)),
  )
  if (typeof indexedDB === 'undefined' || !('databases' in indexedDB)) return
  const all = await indexedDB.databases().catch(() => [])
  await Promise.allSettled(
    all
      .map((info) => info.name)
      .filter((name): name is string => !!name?.startsWith(dexiePrefix))
      .map(
        (name) =>
          new Promise<void>((resolve) => {
            const request = indexedDB.deleteDatabase(name)
            request.onsuccess = request.onerror = request.onblocked = () => resolve()
          }),
      ),
  )
}
