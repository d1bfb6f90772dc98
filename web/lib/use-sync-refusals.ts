import { useCallback, useEffect, useState } from 'react'
import type { SyncRefusal, SyncRefusalScope } from '#schema/sync-refusals'
import type { SyncArea } from '#sync/client/sync-stream'
import { dismissSyncRefusal, listSyncRefusals } from './sync-refusal-api.ts'
import { announceRefusalsChange } from './sync-refusal-events.ts'

export type SyncRefusalsState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; refusals: SyncRefusal[] }

/**
 * The refused writes the server kept for an area (GET /api/sync-refusals or
 * /api/gold-estates/sync-refusals), read over REST: they are not replicated, so they stay
 * findable after a reload or on another device. `dismiss` marks one read and drops it
 * from the list; it throws when the server refuses, and the row stays.
 */
export function useSyncRefusals(area: SyncArea, scope: SyncRefusalScope) {
  const [state, setState] = useState<SyncRefusalsState>({ status: 'loading' })

  const load = useCallback(async () => {
    setState({ status: 'loading' })
    try {
      setState({ status: 'ready', refusals: await listSyncRefusals(area, scope) })
    } catch (error) {
      setState({ status: 'failed', error })
    }
  }, [area, scope])

  useEffect(() => {
    void load()
  }, [load])

  const dismiss = useCallback(
    async (id: string) => {
      // Offline the dismissal is queued (202) and sent later: the row can go already.
      await dismissSyncRefusal(area, id)
      setState((previous) =>
        previous.status === 'ready'
          ? { ...previous, refusals: previous.refusals.filter((refusal) => refusal.id !== id) }
          : previous,
      )
      announceRefusalsChange()
    },
    [area],
  )

  return { state, reload: load, dismiss }
}
