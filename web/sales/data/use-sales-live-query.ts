import type { DependencyList } from 'react'
import type { Observable } from 'rxjs'
import type { SalesDatabase } from '#sync/client/local-database'
import { type LiveQuery, useDatabaseQuery } from '../../lib/use-live-query.ts'
import { useSalesDatabase } from './sales-database.tsx'

/** A live query's state, as for the central database. */
export type SalesLiveQuery<T> = LiveQuery<T>

/** A live query on the sales user's local database. */
export function useSalesLiveQuery<T>(
  select: (database: SalesDatabase) => Observable<T>,
  deps: DependencyList,
): SalesLiveQuery<T> {
  return useDatabaseQuery(useSalesDatabase(), select, deps)
}
