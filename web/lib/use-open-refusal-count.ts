import { useEffect, useState } from 'react'
import type { SyncArea } from '#sync/client/sync-stream'
import { listSyncRefusals } from './sync-refusal-api.ts'
import { onRefusalsChange } from './sync-refusal-events.ts'

/**
 * How many of the person's refused changes the server keeps unread (null: not known, as
 * offline), so the header still points to them after a reload, when this tab's own list
 * of refusals is empty. Asked again when `recentCount` (that list's length) changes and
 * after a dismissal.
 */
export function useOpenRefusalCount(area: SyncArea, recentCount: number): number | null {
  const [count, setCount] = useState<number | null>(null)
  // recentCount only triggers a new look: a refusal in this tab is one more on the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recentCount triggers, unread
  useEffect(() => {
    let isCurrent = true
    const load = () =>
      listSyncRefusals(area, 'own')
        .then((refusals) => isCurrent && setCount(refusals.length))
        .catch(() => isCurrent && setCount(null))
    void load()
    const unsubscribe = onRefusalsChange(() => void load())
    return () => {
      isCurrent = false
      unsubscribe()
    }
  }, [area, recentCount])
  return count
}
