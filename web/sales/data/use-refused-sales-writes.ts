import type { RefusedChange, SyncStatus } from '#sync/client/sync-status'
import { useStatusOf } from '../../lib/use-sync-status.ts'
import { useSalesDatabase } from './sales-database.tsx'

/** Refused writes and replication problems of the sales database. */
export function useSalesSyncStatus(): SyncStatus {
  return useStatusOf(useSalesDatabase()?.status)
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
