import { type DependencyList, useEffect, useState } from 'react'
import type { Observable } from 'rxjs'
import type { LocalDatabase } from '#sync/client/local-database'
import type { SyncStatusStore } from '#sync/client/sync-status'
import { useLocalDatabase } from './local-database.tsx'
import { useIsFilling } from './use-sync-status.ts'

/** A live query's state: loading until the first result, then every newer result. */
export type LiveQuery<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown }

const LOADING = { status: 'loading' } as const

/**
 * Subscribes to an observable of a local database (an RxQuery's `$`, or a combination)
 * and re-renders with each result. Loading until the database is open and the first
 * result arrived; the subscription ends with the component or when `deps` change.
 *
 * While the database fills for the first time the query waits: each stored page (more
 * documents than RxDB's change buffer holds) would make it read everything stored so far
 * again, which is most of a first sync's time. The dashboards show the server's figures
 * meanwhile (useServerWhileFilling); without a connection the query runs on what is there.
 */
export function useDatabaseQuery<Database extends { status: SyncStatusStore }, T>(
  database: Database | null | undefined,
  select: (database: Database) => Observable<T>,
  deps: DependencyList,
): LiveQuery<T> {
  const [state, setState] = useState<LiveQuery<T>>(LOADING)
  const isFilling = useIsFilling(database?.status)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what select reads
  useEffect(() => {
    if (!database || isFilling) return
    // The same object when already loading: React then skips the render.
    setState(LOADING)
    const subscription = select(database).subscribe({
      next: (data) => setState({ status: 'ready', data }),
      error: (error: unknown) => setState({ status: 'failed', error }),
    })
    return () => subscription.unsubscribe()
  }, [database, isFilling, ...deps])
  return state
}

/** A live query on the signed-in user's central local database. */
export function useLiveQuery<T>(
  select: (database: LocalDatabase) => Observable<T>,
  deps: DependencyList,
): LiveQuery<T> {
  return useDatabaseQuery(useLocalDatabase(), select, deps)
}
