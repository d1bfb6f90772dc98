import { createContext, type ReactNode, useContext, useEffect, useState } from 'react'
import type { CurrentUser } from '#schema/auth'
import { type LocalDatabase, openLocalDatabase } from '#sync/client/local-database'

type LocalDatabaseState =
  | { status: 'opening' }
  | { status: 'ready'; database: LocalDatabase }
  | { status: 'failed'; error: unknown }

const LocalDatabaseContext = createContext<LocalDatabaseState>({ status: 'opening' })

/**
 * Opens the signed-in person's local database (one per organisation and user) and starts
 * its replication; the screens read and write only through it, so they work offline.
 */
export function LocalDatabaseProvider({
  user,
  children,
}: {
  user: Pick<CurrentUser, 'id' | 'organizationId'>
  children: ReactNode
}) {
  const [state, setState] = useState<LocalDatabaseState>({ status: 'opening' })
  useEffect(() => {
    let isCurrent = true
    setState({ status: 'opening' })
    openLocalDatabase({ organisationId: user.organizationId, userId: user.id }).then(
      (database) => isCurrent && setState({ status: 'ready', database }),
      (error: unknown) => isCurrent && setState({ status: 'failed', error }),
    )
    return () => {
      isCurrent = false
    }
  }, [user.organizationId, user.id])
  return <LocalDatabaseContext value={state}>{children}</LocalDatabaseContext>
}

/** The local database: opening, ready or failed. */
export function useLocalDatabaseState(): LocalDatabaseState {
  return useContext(LocalDatabaseContext)
}

/** The local database once it is open, otherwise null. */
export function useLocalDatabase(): LocalDatabase | null {
  const state = useContext(LocalDatabaseContext)
  return state.status === 'ready' ? state.database : null
}
