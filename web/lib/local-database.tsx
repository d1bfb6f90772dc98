import { createContext, type ReactNode, useContext, useEffect } from 'react'
import type { LocalDatabase } from '#sync/client/local-database'
import { getSessionAccount, type SessionUser } from '#sync/client/signed-in-account'
import { createDatabaseHolder } from './database-holder.ts'
import { OtherAreaSyncProvider } from './other-area-sync.tsx'
import { type AreaDatabaseState, useAreaDatabase } from './use-area-database.ts'

type LocalDatabaseState = AreaDatabaseState<LocalDatabase>

// RxDB loads after the first screen (decision 009): the screens render from the server
// or a loading state meanwhile.
const openLocalDatabase = (who: { organisationId: string; userId: string }) =>
  import('#sync/client/local-database').then((module) => module.openLocalDatabase(who))

const LocalDatabaseContext = createContext<LocalDatabaseState>({ status: 'opening' })

const holder = createDatabaseHolder<LocalDatabase>()

/**
 * Opens the signed-in person's local database (one per organisation and user) and starts
 * its replication; the screens read and write only through it, so they work offline. It
 * is closed when this person is no longer the one signed in (useAreaDatabase).
 */
export function LocalDatabaseProvider({
  user,
  children,
}: {
  user: SessionUser
  children: ReactNode
}) {
  const state = useAreaDatabase(getSessionAccount(user), openLocalDatabase)
  const database = state.status === 'ready' ? state.database : null
  useEffect(() => {
    holder.set(database)
    return () => holder.clear(database)
  }, [database])
  return (
    <LocalDatabaseContext value={state}>
      <OtherAreaSyncProvider area="central">{children}</OtherAreaSyncProvider>
    </LocalDatabaseContext>
  )
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

/**
 * The open local database for a write started from a screen: one started while it opens,
 * or opens again after its worker ended, waits for it instead of failing (as the sales
 * area's writes do).
 */
export function requireLocalDatabase(): Promise<LocalDatabase> {
  return holder.whenOpen()
}
