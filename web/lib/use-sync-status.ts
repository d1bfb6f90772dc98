import { useSyncExternalStore } from 'react'
import { EMPTY_SYNC_STATUS, type SyncStatus, type SyncStatusStore } from '#sync/client/sync-status'
import { useLocalDatabase } from './local-database.tsx'

const noSubscription = () => () => {}
const empty = () => EMPTY_SYNC_STATUS

/** The sync state of a status store, kept current; the empty state without one. */
export function useStatusOf(status: SyncStatusStore | undefined): SyncStatus {
  return useSyncExternalStore(status?.subscribe ?? noSubscription, status?.get ?? empty)
}

/**
 * Whether a local database is filling for the first time with the server in reach. A
 * boolean, so a component re-renders when it flips, not at every change of the status.
 */
export function useIsFilling(status: SyncStatusStore | undefined): boolean {
  return useSyncExternalStore(status?.subscribe ?? noSubscription, () => {
    const current = status?.get()
    return !!current && current.firstSync !== null && current.trouble === null
  })
}

/**
 * Whether a local database's first fill is running (offline or not). A boolean, so a
 * screen re-renders when the fill starts or ends, not at every page it receives.
 */
export function useIsFirstSyncRunning(status: SyncStatusStore | undefined): boolean {
  return useSyncExternalStore(
    status?.subscribe ?? noSubscription,
    () => (status?.get().firstSync ?? null) !== null,
  )
}

/** Refused writes and replication problems of the open central local database. */
export function useSyncStatus(): SyncStatus {
  return useStatusOf(useLocalDatabase()?.status)
}
