import type { ReactNode } from 'react'
import type { SalesDatabase } from '#sync/client/local-database'
import type { SessionUser } from '#sync/client/signed-in-account'
import {
  AreaDatabaseProvider,
  createAreaDatabaseContext,
} from '../../lib/area-database-context.tsx'
import type { AreaDatabaseState } from '../../lib/use-area-database.ts'

// RxDB loads after the first screen (decision 009), as in the central area.
const sales = createAreaDatabaseContext('sales', (who) =>
  import('#sync/client/local-database').then((module) => module.openSalesDatabase(who)),
)

/**
 * Opens the sales user's local database (one per organisation and sales user) and starts
 * its replication with the sales session; the sales screens read and write only through
 * it. It is closed when this person is no longer the one signed in (useAreaDatabase).
 */
export function SalesDatabaseProvider(props: { user: SessionUser; children: ReactNode }) {
  return <AreaDatabaseProvider of={sales.context} {...props} />
}

/** The sales database: opening, ready or failed. */
export function useSalesDatabaseState(): AreaDatabaseState<SalesDatabase> {
  return sales.useDatabaseState()
}

/** The sales database once it is open, otherwise null. */
export function useSalesDatabase(): SalesDatabase | null {
  return sales.useDatabase()
}

/** The open sales database for writes outside React; a write while it opens waits for it. */
export function requireSalesDatabase(): Promise<SalesDatabase> {
  return sales.whenOpen()
}
