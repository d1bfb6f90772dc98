import { startTransition, useEffect, useState } from 'react'
import type { SyncStatusStore } from '#sync/client/sync-status'
import type { AreaDatabaseState } from './use-area-database.ts'
import { useIsFirstSyncRunning } from './use-sync-status.ts'

/**
 * A screen's figures from the server while the local database cannot give them yet: while
 * it opens (RxDB loads after the first screen, decision 009) and while it fills for the
 * first time, when counting what has arrived would show numbers that are too small.
 * `whileFilling` is null once the local database holds everything, and when the server
 * cannot be reached (offline), so the screen shows its local data or its loading state.
 * `last` keeps the server's answer after the fill, for the moment the local query takes
 * to answer: the figures stay instead of a loading state in between. `load` must keep
 * its identity (a module-level function). `arrived` gives an answer asked before the first
 * render (first-answers.ts) if it is already there: the figures show in the screen's first
 * render, not in a second one after its effect.
 */
export function useServerWhileFilling<T>(
  load: () => Promise<T>,
  state: AreaDatabaseState<{ status: SyncStatusStore }>,
  arrived?: () => T | undefined,
): { whileFilling: T | null; last: T | null } {
  const isFirstSyncRunning = useIsFirstSyncRunning(
    state.status === 'ready' ? state.database.status : undefined,
  )
  const isFilling = state.status === 'opening' || (state.status === 'ready' && isFirstSyncRunning)
  const [data, setData] = useState<T | null>(() => (isFilling ? (arrived?.() ?? null) : null))
  useEffect(() => {
    if (!isFilling) return
    let isCurrent = true
    load().then(
      (value) => isCurrent && startTransition(() => setData(value)),
      () => undefined, // offline or refused: the local data will do
    )
    return () => {
      isCurrent = false
    }
  }, [isFilling, load])
  return { whileFilling: isFilling ? data : null, last: data }
}
