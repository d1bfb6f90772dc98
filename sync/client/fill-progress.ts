import type { SyncCheckpoint } from '../protocol.ts'

/** Prefix of the marks kept while a first fill is not yet settled (one per collection). */
export const FILL_PROGRESS_PREFIX = 'centraal-fill:'

/** Where a collection's first fill stands: enough to go on with it after a reload. */
export type FillMark = {
  /** The write time every filled document carries (RxDB's `_meta.lwt`). */
  lwt: number
  /** The server's checkpoint after the last stored page. */
  pull: SyncCheckpoint
}

/** The first fill's marks of one local database (decision 011, a fill cut off). */
export type FillProgress = {
  read(remote: string): FillMark | undefined
  save(remote: string, mark: FillMark): void
  clear(remote: string): void
  /** Whether a first fill of this database ended, even with nothing to store. */
  wasCompleted(): boolean
  /** Notes that the first fill ended: an empty database is then filled, not new. */
  markCompleted(): void
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

/**
 * The marks of a database's first fill, kept in localStorage beside it: set before the
 * first page is stored, moved on after each page, removed once the replication has taken
 * over (the assumed states written, the first pull stored). A mark found at the next start
 * means the fill was cut off (the page closed or reloaded) and goes on from it. One more
 * mark says that a fill ended, so that a database the server had nothing for (a new
 * organisation's Gold Estates) is not taken for a new one at every start. Without
 * localStorage (private mode) nothing is kept and a cut-off fill is pushed once as replays.
 */
export function createFillProgress(
  databaseName: string,
  store: KeyValueStore | undefined = globalThis.localStorage,
): FillProgress {
  const keyOf = (remote: string) => `${FILL_PROGRESS_PREFIX}${databaseName}:${remote}`
  // No remote starts with '#': the mark sits beside the collections' marks and goes with them.
  const completedKey = `${FILL_PROGRESS_PREFIX}${databaseName}:#completed`
  const attempt = <T>(run: (storage: KeyValueStore) => T) => {
    try {
      return store ? run(store) : undefined
    } catch {
      return undefined // storage refused (private mode, full): the fill goes on unmarked
    }
  }
  return {
    read: (remote) =>
      attempt((storage) => {
        const text = storage.getItem(keyOf(remote))
        return text ? parseMark(text) : undefined
      }),
    save: (remote, mark) =>
      attempt((storage) => storage.setItem(keyOf(remote), JSON.stringify(mark))),
    clear: (remote) => attempt((storage) => storage.removeItem(keyOf(remote))),
    wasCompleted: () => attempt((storage) => storage.getItem(completedKey) !== null) ?? false,
    markCompleted: () => attempt((storage) => storage.setItem(completedKey, '1')),
  }
}

/** The marks of one database, whatever its collections (its removal at logout). */
export function clearFillProgress(
  databaseName: string,
  store: Storage | undefined = globalThis.localStorage,
) {
  try {
    const prefix = `${FILL_PROGRESS_PREFIX}${databaseName}:`
    for (const key of Object.keys(store ?? {})) {
      if (key.startsWith(prefix)) store?.removeItem(key)
    }
  } catch {
    // Storage unavailable: nothing was kept.
  }
}

function parseMark(text: string): FillMark | undefined {
  try {
    const mark = JSON.parse(text) as Partial<FillMark>
    const isValid =
      typeof mark.lwt === 'number' &&
      typeof mark.pull === 'object' &&
      mark.pull !== null &&
      typeof mark.pull.seq === 'number'
    return isValid ? (mark as FillMark) : undefined
  } catch {
    return undefined
  }
}
