import { useEffect, useState } from 'react'
import { announceQueueChange, onQueueChange } from './queue-events.ts'
import { deleteQueueItem, listQueueItems, type QueueItem } from './queue-store.ts'

export type SyncQueueState = {
  pending: readonly QueueItem[]
  failed: readonly QueueItem[]
}

const EMPTY: SyncQueueState = { pending: [], failed: [] }

/** The offline queue as it is now, kept current when any tab or the service worker changes it. */
export function useSyncQueue(): SyncQueueState {
  const [state, setState] = useState<SyncQueueState>(EMPTY)
  useEffect(() => {
    let isCurrent = true
    const load = () => {
      listQueueItems()
        .then((items) => {
          if (!isCurrent) return
          setState({
            pending: items.filter((item) => item.status === 'pending'),
            failed: items.filter((item) => item.status === 'failed'),
          })
        })
        .catch((error: unknown) => console.warn('Reading the offline queue failed', error))
    }
    load()
    const unsubscribe = onQueueChange(load)
    return () => {
      isCurrent = false
      unsubscribe()
    }
  }, [])
  return state
}

/** Removes a failed item the user has read (it will not be sent). */
export async function dismissQueueItem(id: number): Promise<void> {
  await deleteQueueItem(id)
  announceQueueChange()
}
