import type { SyncArea } from '../account.ts'

// The epoch of the organisation a person's local data belongs to (decision 008, "A restore
// starts a new epoch"): learnt from the server's first sync answer, sent with every sync
// call and every write (EPOCH_HEADER), so that what was made before a restore is refused
// instead of applied to the restored data. Kept in localStorage per (area, account);
// without it (private mode, outside a browser) in memory for the page's life.

/** Prefix of every key kept here (a logout keeps other people's). */
export const EPOCH_KEY_PREFIX = 'centraal-epoch'
const EPOCH_PREFIX = `${EPOCH_KEY_PREFIX}:`
/** A database to empty before it opens again: its data belongs to an earlier epoch. */
const RESET_PREFIX = `${EPOCH_KEY_PREFIX}-reset:`
/** What the person is told once the emptied database opened: `{ restoredAt, kept }`. */
const NOTICE_PREFIX = `${EPOCH_KEY_PREFIX}-notice:`

const inMemory = new Map<string, string>()

function read(key: string): string | null {
  try {
    return globalThis.localStorage ? localStorage.getItem(key) : (inMemory.get(key) ?? null)
  } catch {
    return inMemory.get(key) ?? null
  }
}

function write(key: string, value: string | null) {
  try {
    if (globalThis.localStorage) {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
      return
    }
  } catch {
    // Storage refused: kept in memory below.
  }
  if (value === null) inMemory.delete(key)
  else inMemory.set(key, value)
}

/** The epoch this device's data of an account belongs to (`<organisationId>/<userId>`). */
export function readKnownEpoch(area: SyncArea, account: string): string | undefined {
  return read(`${EPOCH_PREFIX}${area}:${account}`) ?? undefined
}

/** Records the epoch a server answer named, when none is known yet. */
export function learnEpoch(area: SyncArea, account: string, epoch: string | null) {
  if (epoch === null || !/^\d+$/.test(epoch)) return
  if (readKnownEpoch(area, account) === undefined) write(`${EPOCH_PREFIX}${area}:${account}`, epoch)
}

/** Forgets the epoch of an account: its data is gone (emptied after a restore, logged out). */
export function forgetEpoch(area: SyncArea, account: string) {
  write(`${EPOCH_PREFIX}${area}:${account}`, null)
}

/** What a database emptied after a restore tells its person once it opens again. */
export type RestoreNotice = { restoredAt: number; kept: number }

/** Marks a local database to be emptied before it opens again, with what to tell. */
export function markForReset(databaseName: string, notice: RestoreNotice) {
  write(`${RESET_PREFIX}${databaseName}`, '1')
  write(`${NOTICE_PREFIX}${databaseName}`, JSON.stringify(notice))
}

/** Whether a database waits to be emptied. */
export function isMarkedForReset(databaseName: string) {
  return read(`${RESET_PREFIX}${databaseName}`) !== null
}

/** The database was emptied. */
export function clearResetMark(databaseName: string) {
  write(`${RESET_PREFIX}${databaseName}`, null)
}

/** The notice of an emptied database, once: read and removed. */
export function takeRestoreNotice(databaseName: string): RestoreNotice | undefined {
  const text = read(`${NOTICE_PREFIX}${databaseName}`)
  if (text === null) return undefined
  write(`${NOTICE_PREFIX}${databaseName}`, null)
  try {
    const notice = JSON.parse(text) as Partial<RestoreNotice>
    return typeof notice.restoredAt === 'number' && typeof notice.kept === 'number'
      ? (notice as RestoreNotice)
      : undefined
  } catch {
    return undefined
  }
}
