import type { ReactNode } from 'react'
import type { LocalDatabase } from '#sync/client/local-database'
import type { SessionUser } from '#sync/client/signed-in-account'
import { AreaDatabaseProvider, createAreaDatabaseContext } from './area-database-context.tsx'
import type { AreaDatabaseState } from './use-area-database.ts'

// RxDB loads after the first screen (decision 009): the screens render from the server
// or a loading state meanwhile.
const central = createAreaDatabaseContext('central', (who) =>
  import('#sync/client/local-database').then((module) => module.openLocalDatabase(who)),
)

/**
 * Opens the signed-in person's local database (one per organisation and user) and starts
 * its replication; the screens read and write only through it, so they work offline. It
 * is closed when this person is no longer the one signed in (useAreaDatabase).
 */
export function LocalDatabaseProvider(props: { user: SessionUser; children: ReactNode }) {
  return <AreaDatabaseProvider of={central.context} {...props} />
}

/** The local database: opening, ready or failed. */
export function useLocalDatabaseState(): AreaDatabaseState<LocalDatabase> {
  return central.useDatabaseState()
}

/** The local database once it is open, otherwise null. */
export function useLocalDatabase(): LocalDatabase | null {
  return central.useDatabase()
}

/**
 * The open local database for a write started from a screen: one started while it opens,
 * or opens again after its worker ended, waits for it instead of failing (as the sales
 * area's writes do).
 */
export function requireLocalDatabase(): Promise<LocalDatabase> {
  return central.whenOpen()
}
