import { type Context, createContext, type ReactNode, useContext, useEffect } from 'react'
import type { SyncArea } from '#sync/account'
import { getSessionAccount, type SessionUser } from '#sync/client/signed-in-account'
import { createDatabaseHolder } from './database-holder.ts'
import { OtherAreaSyncProvider } from './other-area-sync.tsx'
import { type AreaDatabaseState, useAreaDatabase } from './use-area-database.ts'

type Who = { organisationId: string; userId: string }
type AreaDatabase = { name: string; close(): Promise<void>; lost: Promise<void> }

type AreaDatabaseContext<Database extends AreaDatabase> = {
  area: SyncArea
  open: (who: Who) => Promise<Database>
  Context: Context<AreaDatabaseState<Database>>
  holder: ReturnType<typeof createDatabaseHolder<Database>>
}

/**
 * One area's local database for its screens: the context its provider fills, the hooks
 * that read it, and the holder that writes outside React wait on. Both areas (central,
 * sales) are built by this one function, so they open, close and wait alike.
 */
export function createAreaDatabaseContext<Database extends AreaDatabase>(
  area: SyncArea,
  open: (who: Who) => Promise<Database>,
) {
  const context: AreaDatabaseContext<Database> = {
    area,
    open,
    Context: createContext<AreaDatabaseState<Database>>({ status: 'opening' }),
    holder: createDatabaseHolder<Database>(),
  }
  return {
    context,
    /** The database: opening, ready or failed. */
    useDatabaseState: (): AreaDatabaseState<Database> => useContext(context.Context),
    /** The database once it is open, otherwise null. */
    useDatabase: (): Database | null => {
      const state = useContext(context.Context)
      return state.status === 'ready' ? state.database : null
    },
    /** The open database, waited for while it opens (database-holder.ts). */
    whenOpen: (): Promise<Database> => context.holder.whenOpen(),
  }
}

/**
 * Opens the area's database for the signed-in person (useAreaDatabase), which closes it
 * when they are no longer the one signed in, and hands it to the screens below.
 */
export function AreaDatabaseProvider<Database extends AreaDatabase>({
  of,
  user,
  children,
}: {
  of: AreaDatabaseContext<Database>
  user: SessionUser
  children: ReactNode
}) {
  const state = useAreaDatabase(getSessionAccount(user), of.open)
  const database = state.status === 'ready' ? state.database : null
  useEffect(() => {
    of.holder.set(database)
    return () => of.holder.clear(database)
  }, [of, database])
  return (
    <of.Context value={state}>
      <OtherAreaSyncProvider area={of.area}>{children}</OtherAreaSyncProvider>
    </of.Context>
  )
}
