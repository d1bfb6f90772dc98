import { useSyncExternalStore } from 'react'
import type { RefusedChange, SyncStatus } from '#sync/client/sync-status'
import { useSalesDatabase } from './sales-database.tsx'

const NO_STATUS: SyncStatus = { problem: null, refused: [] }
const noSubscription = () => () => {}

/** Refused writes and replication problems of the sales database. */
export function useSalesSyncStatus(): SyncStatus {
  const status = useSalesDatabase()?.status
  return useSyncExternalStore(status?.subscribe ?? noSubscription, status?.get ?? (() => NO_STATUS))
}

/**
 * Local writes of the sales area the server refused, newest first, each with its reason
 * (`collection` 'sales' | 'projects' | 'sellers' | 'commissions', `id`, `label`, `reason`,
 * `at`). A refused sale has been removed from the local database again. `dismiss` clears
 * the list.
 */
export function useRefusedSalesWrites(): {
  refused: readonly RefusedChange[]
  dismiss: () => void
} {
  const database = useSalesDatabase()
  const { refused } = useSalesSyncStatus()
  return { refused, dismiss: () => database?.status.dismissRefused() }
}
