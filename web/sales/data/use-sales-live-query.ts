import { type DependencyList, useEffect, useState } from 'react'
import type { Observable } from 'rxjs'
import type { SalesDatabase } from '#sync/client/local-database'
import { useSalesDatabase } from './sales-database.tsx'

/** A live query's state: loading until the first result, then every newer result. */
export type SalesLiveQuery<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T }
  | { status: 'failed'; error: unknown }

/**
 * Subscribes to an observable of the sales database and re-renders with each result;
 * loading until the database is open and the first result arrived.
 */
export function useSalesLiveQuery<T>(
  select: (database: SalesDatabase) => Observable<T>,
  deps: DependencyList,
): SalesLiveQuery<T> {
  const database = useSalesDatabase()
  const [state, setState] = useState<SalesLiveQuery<T>>({ status: 'loading' })
  // biome-ignore lint/correctness/useExhaustiveDependencies: the caller lists what select reads
  useEffect(() => {
    if (!database) return
    setState({ status: 'loading' })
    const subscription = select(database).subscribe({
      next: (data) => setState({ status: 'ready', data }),
      error: (error: unknown) => setState({ status: 'failed', error }),
    })
    return () => subscription.unsubscribe()
  }, [database, ...deps])
  return state
}
