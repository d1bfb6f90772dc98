import { clearFillProgress } from './fill-progress.ts'
import { clearUnsentNotice } from './unsent-notice.ts'

/**
 * The databases a logout or a switch of organisation began to delete and that are not gone
 * yet: a deletion is blocked while a connection to the file is open (the database worker
 * may still be filling it), and the page reloads without waiting for it. The next start
 * finishes them before it opens anything (removeMarkedDatabases), so a shared phone keeps
 * nothing of the account it left.
 */
export const DATABASES_TO_REMOVE_KEY = 'centraal-databases-to-remove'

/**
 * Finishes the deletions a logout or switch began and a reload cut short. Called before a
 * page opens a local database; nothing of this page holds those files open then.
 */
export async function removeMarkedDatabases(): Promise<void> {
  const names = readMarked()
  for (const name of names) {
    clearFillProgress(name)
    clearUnsentNotice(name)
    if (await deleteDatabaseFiles(name)) unmark(name)
  }
}

/** Deletes a database's IndexedDB files; true once every one of them is gone. */
export async function deleteDatabaseFiles(name: string): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || !('databases' in indexedDB)) return true
  // RxDB's Dexie storage names each collection's file rxdb-dexie-<database>--<version>--<collection>.
  const prefix = `rxdb-dexie-${name}--`
  const all = await indexedDB.databases().catch(() => [])
  const outcomes = await Promise.all(
    all
      .map((info) => info.name)
      .filter((file): file is string => !!file?.startsWith(prefix))
      .map(
        (file) =>
          new Promise<boolean>((resolve) => {
            const request = indexedDB.deleteDatabase(file)
            request.onsuccess = () => resolve(true)
            // Blocked: deleted once the connection closes (at the latest the reload);
            // the mark stays until a start sees it gone.
            request.onerror = request.onblocked = () => resolve(false)
          }),
      ),
  )
  return outcomes.every(Boolean)
}

function readMarked(): string[] {
  try {
    const names: unknown = JSON.parse(localStorage.getItem(DATABASES_TO_REMOVE_KEY) ?? '[]')
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : []
  } catch {
    return []
  }
}

function writeMarked(names: readonly string[]) {
  try {
    if (names.length === 0) localStorage.removeItem(DATABASES_TO_REMOVE_KEY)
    else localStorage.setItem(DATABASES_TO_REMOVE_KEY, JSON.stringify(names))
  } catch {
    // Storage unavailable (private mode): the deletion itself still went ahead.
  }
}

export function markForRemoval(name: string) {
  const names = readMarked()
  if (!names.includes(name)) writeMarked([...names, name])
}

export function unmark(name: string) {
  writeMarked(readMarked().filter((marked) => marked !== name))
}
