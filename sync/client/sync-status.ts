import type { RefusedWrite } from '../protocol.ts'

/** A local change the server refused, kept so that the person sees what was undone and why. */
export type RefusedChange = RefusedWrite & {
  /** The replicated collection (users, appConnections, ...). */
  collection: string
  /** What the change was about, for the list (a name, or the id). */
  label: string
  at: number
}

/** A change made on this device that the server has not taken yet. */
export type UnsentChange = {
  collection: string
  id: string
  label: string
  /** A create (the server has never seen it), an edit, or a deletion. */
  kind: 'create' | 'update' | 'delete'
}

/**
 * Something that stops replication as a whole until the person acts: the app is outdated
 * (426), the session ended (401), the browser's session is someone else's (409: this
 * database belongs to an account that is no longer signed in here), or a backup was
 * restored into the organisation (409: this database belongs to an earlier epoch; it keeps
 * its unsent changes as refusals and is emptied, local-database.ts).
 */
export type SyncProblem = 'outdated' | 'signed-out' | 'other-account' | 'restored' | null

export type SyncStatus = {
  problem: SyncProblem
  refused: readonly RefusedChange[]
  /** Changes waiting to be sent (null: not counted yet, in a tab that does not replicate). */
  unsent: readonly UnsentChange[] | null
  /** When every collection last caught up with the server, epoch ms. */
  lastSyncedAt: number | null
  /** Documents received so far while the database fills for the first time; null after. */
  firstSync: { received: number } | null
  /** A passing trouble in words (no connection, server error); retried by itself. */
  trouble: string | null
  /** Collections this person may no longer read: their local copies are removed. */
  revoked: readonly string[]
  /** The browser refused to store more (QuotaExceededError). */
  isStorageFull: boolean
  /** With problem 'restored': when the backup was restored (the new epoch), epoch ms. */
  restoredAt: number | null
}

const MAX_KEPT = 50

export const EMPTY_SYNC_STATUS: SyncStatus = {
  problem: null,
  refused: [],
  unsent: null,
  lastSyncedAt: null,
  firstSync: null,
  trouble: null,
  revoked: [],
  isStorageFull: false,
  restoredAt: null,
}

/**
 * What the replication wants the person to know: refused writes with their reasons,
 * changes not yet sent, when it last caught up, the first sync's progress and problems
 * that stop it. A small store that React reads with useSyncExternalStore; `onRefused`
 * listeners hear each refusal once (for a toast). The replicating tab shares its state
 * with the other tabs of the same database (see share-sync-status.ts).
 */
export function createSyncStatus() {
  let status: SyncStatus = EMPTY_SYNC_STATUS
  const listeners = new Set<() => void>()
  const refusalListeners = new Set<(change: RefusedChange) => void>()
  const publish = (next: SyncStatus) => {
    status = next
    for (const listener of listeners) listener()
  }
  const update = (changes: Partial<SyncStatus>) => {
    const isSame = Object.entries(changes).every(
      ([key, value]) => status[key as keyof SyncStatus] === value,
    )
    if (!isSame) publish({ ...status, ...changes })
  }
  return {
    get: () => status,
    subscribe(listener: () => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    onRefused(listener: (change: RefusedChange) => void) {
      refusalListeners.add(listener)
      return () => void refusalListeners.delete(listener)
    },
    addRefused(change: RefusedChange) {
      publish({ ...status, refused: [change, ...status.refused].slice(0, MAX_KEPT) })
      for (const listener of refusalListeners) listener(change)
    },
    dismissRefused() {
      publish({ ...status, refused: [] })
    },
    setProblem(problem: SyncProblem) {
      update({ problem })
    },
    /** Sets any of the other fields; listeners hear of it only when something changed. */
    update,
  }
}

/** The store of one local database's replication. */
export type SyncStatusStore = ReturnType<typeof createSyncStatus>
