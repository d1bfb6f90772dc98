import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import { openSalesDatabase, type SalesDatabase } from '#sync/client/local-database'
import type { SalesUser } from './sales-session.tsx'

type SalesDatabaseState =
  | { status: 'opening' }
  | { status: 'ready'; database: SalesDatabase }
  | { status: 'failed'; error: unknown }

const SalesDatabaseContext = createContext<SalesDatabaseState>({ status: 'opening' })

let current: Promise<SalesDatabase> | null = null

/**
 * Opens the sales user's local database (one per organisation and sales user) and starts
 * its replication with the sales session; the sales screens read and write only through it.
 */
export function SalesDatabaseProvider({
  user,
  children,
}: {
  user: Pick<SalesUser, 'id' | 'organizationId'>
  children: ReactNode
}) {
  const [state, setState] = useState<SalesDatabaseState>({ status: 'opening' })
  useEffect(() => {
    let isCurrent = true
    setState({ status: 'opening' })
    const opening = openSalesDatabase({ organisationId: user.organizationId, userId: user.id })
    current = opening
    opening.then(
      (database) => isCurrent && setState({ status: 'ready', database }),
      (error: unknown) => isCurrent && setState({ status: 'failed', error }),
    )
    return () => {
      isCurrent = false
      if (current === opening) current = null
    }
  }, [user.organizationId, user.id])
  return <SalesDatabaseContext value={state}>{children}</SalesDatabaseContext>
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

/** The open sales database for writes outside React; throws without a sales session. */
export function requireSalesDatabase(): Promise<SalesDatabase> {
  if (!current) throw new Error('Geen Gold Estates-sessie: log eerst in')
  return current
}
