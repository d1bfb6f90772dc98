import { useCallback, useEffect, useState } from 'react'
import type { SyncRefusal, SyncRefusalScope } from '#schema/sync-refusals'
import { apiRequest, getJson } from './api-request.ts'
import { announceRefusalsChange } from './sync-refusal-events.ts'

export type SyncRefusalsState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; refusals: SyncRefusal[] }

/**
 * The refused writes the server kept for an area (`url`: /api/sync-refusals or
 * /api/gold-estates/sync-refusals), read over REST: they are not replicated, so they stay
 * findable after a reload or on another device. `dismiss` marks one read and drops it
 * from the list; it throws when the server refuses, and the row stays.
 */
export function useSyncRefusals(url: string, scope: SyncRefusalScope) {
  const [state, setState] = useState<SyncRefusalsState>({ status: 'loading' })

  const load = useCallback(async () => {
    setState({ status: 'loading' })
    try {
      const refusals = (await getJson<SyncRefusal[]>(`${url}?scope=${scope}`)) ?? []
      setState({ status: 'ready', refusals })
    } catch (error) {
      setState({ status: 'failed', error })
    }
  }, [url, scope])

  useEffect(() => {
    void load()
  }, [load])

  const dismiss = useCallback(
    async (id: string) => {
      // Offline the dismissal is queued (202) and sent later: the row can go already.
      await apiRequest('POST', `${url}/${id}/dismiss`)
      setState((previous) =>
        previous.status === 'ready'
          ? { ...previous, refusals: previous.refusals.filter((refusal) => refusal.id !== id) }
          : previous,
      )
      announceRefusalsChange()
    },
    [url],
  )

  return { state, reload: load, dismiss }
}
