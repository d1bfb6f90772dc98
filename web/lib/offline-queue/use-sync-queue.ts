import { useEffect, useState } from 'react'
import { announceQueueChange, onQueueChange } from './queue-events.ts'
import { deleteQueueItem, listQueueItems, type QueueItem } from './queue-store.ts'

export type SyncQueueState = {
  pending: readonly QueueItem[]
  failed: readonly QueueItem[]
  expired: readonly QueueItem[]
}

const EMPTY: SyncQueueState = { pending: [], failed: [], expired: [] }

/**
 * One person's part of the offline queue (`account`: `<organisationId>/<userId>`; items of
 * an older version carry none and count for everyone), kept current when any tab or the
 * service worker changes it. Other people's items on a shared device are not shown.
 */
export function useSyncQueue(account: string | null): SyncQueueState {
  const [state, setState] = useState<SyncQueueState>(EMPTY)
  useEffect(() => {
    let isCurrent = true
    const load = () => {
      listQueueItems()
        .then((all) => {
          if (!isCurrent) return
          const items = all.filter((item) => !item.account || item.account === account)
          setState({
            pending: items.filter((item) => item.status === 'pending'),
            failed: items.filter((item) => item.status === 'failed'),
            expired: items.filter((item) => item.status === 'expired'),
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
  }, [account])
  return state
}

/** Removes a failed or expired item the user has read (it will not be sent). */
export async function dismissQueueItem(id: number): Promise<void> {
  await deleteQueueItem(id)
  announceQueueChange()
}
