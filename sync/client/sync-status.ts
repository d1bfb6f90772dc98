import type { RefusedWrite } from '../protocol.ts'

/** A local change the server refused, kept so that the person sees what was undone and why. */
export type RefusedChange = RefusedWrite & {
  /** The replicated collection (users, appConnections, ...). */
  collection: string
  /** What the change was about, for the list (a name, or the id). */
  label: string
  at: number
}

/** Something that stops replication as a whole until the person acts. */
export type SyncProblem = 'outdated' | 'signed-out' | null

export type SyncStatus = { problem: SyncProblem; refused: readonly RefusedChange[] }

const MAX_KEPT = 50

/**
 * What the replication wants the person to know: refused writes with their reasons and
 * whether the app is outdated (426) or signed out (401). A small store that React reads
 * with useSyncExternalStore; `onRefused` listeners hear each refusal once (for a toast).
 */
export function createSyncStatus() {
  let status: SyncStatus = { problem: null, refused: [] }
  const listeners = new Set<() => void>()
  const refusalListeners = new Set<(change: RefusedChange) => void>()
  const publish = (next: SyncStatus) => {
    status = next
    for (const listener of listeners) listener()
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
      if (status.problem !== problem) publish({ ...status, problem })
    },
  }
}

/** The store of one local database's replication. */
export type SyncStatusStore = ReturnType<typeof createSyncStatus>
