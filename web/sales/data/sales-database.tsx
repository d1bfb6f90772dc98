import { createContext, type ReactNode, useContext, useEffect } from 'react'
import type { SalesDatabase } from '#sync/client/local-database'
import { getSessionAccount, type SessionUser } from '#sync/client/signed-in-account'
import { createDatabaseHolder } from '../../lib/database-holder.ts'
import { OtherAreaSyncProvider } from '../../lib/other-area-sync.tsx'
import { type AreaDatabaseState, useAreaDatabase } from '../../lib/use-area-database.ts'

type SalesDatabaseState = AreaDatabaseState<SalesDatabase>

const SalesDatabaseContext = createContext<SalesDatabaseState>({ status: 'opening' })

const holder = createDatabaseHolder<SalesDatabase>()

// RxDB loads after the first screen (decision 009), as in the central area.
const openSalesDatabase = (who: { organisationId: string; userId: string }) =>
  import('#sync/client/local-database').then((module) => module.openSalesDatabase(who))

/**
 * Opens the sales user's local database (one per organisation and sales user) and starts
 * its replication with the sales session; the sales screens read and write only through
 * it. It is closed when this person is no longer the one signed in (useAreaDatabase).
 */
export function SalesDatabaseProvider({
  user,
  children,
}: {
  user: SessionUser
  children: ReactNode
}) {
  const state = useAreaDatabase(getSessionAccount(user), openSalesDatabase)
  const database = state.status === 'ready' ? state.database : null
  useEffect(() => {
    holder.set(database)
    return () => holder.clear(database)
  }, [database])
  return (
    <SalesDatabaseContext value={state}>
      <OtherAreaSyncProvider area="sales">{children}</OtherAreaSyncProvider>
    </SalesDatabaseContext>
  )
}

/** The sales database: opening, ready or failed. */
export function useSalesDatabaseState(): SalesDatabaseState {
  return useContext(SalesDatabaseContext)
}

/** The sales database once it is open, otherwise null. */
export function useSalesDatabase(): SalesDatabase | null {
  const state = useContext(SalesDatabaseContext)
  return state.status === 'ready' ? state.database : null
}

/** The open sales database for writes outside React; a write while it opens waits for it. */
export function requireSalesDatabase(): Promise<SalesDatabase> {
  return holder.whenOpen()
}
