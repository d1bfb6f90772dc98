import { useCallback, useEffect, useState } from 'react'
import { onQueueChange } from '../../lib/offline-queue/queue-events.ts'

type ServerData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; isFromCache: boolean }
  | { status: 'failed'; error: unknown }

const CACHE_PREFIX = 'centraal.get:'

/**
 * Server data for a settings card: `load` is a typed GET (module-level, so it stays the
 * same function), `url` its address, which names the copy of the last answer kept in
 * localStorage (cleared at logout): the card still shows what was known when the page
 * opens without network. It is fetched again whenever the offline queue has been replayed.
 */
export function useServerData<T>(url: string, load: () => Promise<T>) {
  const [state, setState] = useState<ServerData<T>>({ status: 'loading' })

  const reload = useCallback(async () => {
    try {
      const data = await load()
      writeCache(url, data)
      setState({ status: 'ready', data, isFromCache: false })
    } catch (error) {
      const cached = error instanceof TypeError ? readCache<T>(url) : undefined
      setState(
        cached === undefined
          ? { status: 'failed', error }
          : { status: 'ready', data: cached, isFromCache: true },
      )
    }
  }, [url, load])

  useEffect(() => {
    void reload()
    // Queued changes reach the server later: show its state again after each replay.
    return onQueueChange(() => {
      if (navigator.onLine) void reload()
    })
  }, [reload])

  /** Replaces the shown data (after a save) and the cached copy. */
  const replace = useCallback(
    (data: T) => {
      writeCache(url, data)
      setState({ status: 'ready', data, isFromCache: false })
    },
    [url],
  )

  return { state, reload, replace }
}

function writeCache(url: string, data: unknown) {
  try {
    localStorage.setItem(CACHE_PREFIX + url, JSON.stringify(data))
  } catch {
    // No storage: the card then needs the network.
  }
}

function readCache<T>(url: string): T | undefined {
  try {
    const text = localStorage.getItem(CACHE_PREFIX + url)
    return text === null ? undefined : (JSON.parse(text) as T)
  } catch {
    return undefined
  }
}
