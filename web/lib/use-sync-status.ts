import { useSyncExternalStore } from 'react'
import type { SyncStatus } from '#sync/client/sync-status'
import { useLocalDatabase } from './local-database.tsx'

const NO_STATUS: SyncStatus = { problem: null, refused: [] }
const noSubscription = () => () => {}

/** Refused writes and replication problems of the open local database. */
export function useSyncStatus(): SyncStatus {
  const status = useLocalDatabase()?.status
  return useSyncExternalStore(status?.subscribe ?? noSubscription, status?.get ?? (() => NO_STATUS))
}
