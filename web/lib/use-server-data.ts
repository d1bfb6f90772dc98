import { useCallback, useEffect, useState } from 'react'
import { onQueueChange } from './offline-queue/queue-events.ts'

const CACHE_PREFIX = 'centraal.get:'

export type ServerData<T> =
  | { status: 'loading' }
  | { status: 'ready'; data: T; isFromCache: boolean }
  | { status: 'failed'; error: unknown }

/**
 * The one cached GET of the screens: `load` is a typed GET (module-level, so it stays the
 * same function), `url` its address, which names the copy of the last answer kept in
 * localStorage (cleared at logout), so a screen still shows what was known when the page opens without network. It is
 * fetched again whenever the offline queue has been replayed. By default the screen shows
 * loading until the answer and the kept copy only when there is no network; with
 * `showsKeptAtOnce` the kept copy shows at once and a failed GET leaves what is shown.
 */
export function useServerData<T>(
  url: string,
  load: () => Promise<T>,
  options: { showsKeptAtOnce?: boolean } = {},
) {
  const { showsKeptAtOnce = false } = options
  const [state, setState] = useState<ServerData<T>>(() => {
    const kept = showsKeptAtOnce ? readCache<T>(url) : undefined
    return kept === undefined
      ? { status: 'loading' }
      : { status: 'ready', data: kept, isFromCache: true }
  })

  const reload = useCallback(async () => {
    try {
      const data = await load()
      writeCache(url, data)
      setState({ status: 'ready', data, isFromCache: false })
    } catch (error) {
      setState((previous) => {
        if (showsKeptAtOnce && previous.status === 'ready') return previous
        const cached = error instanceof TypeError ? readCache<T>(url) : undefined
        return cached === undefined
          ? { status: 'failed', error }
          : { status: 'ready', data: cached, isFromCache: true }
      })
    }
  }, [url, load, showsKeptAtOnce])

  useEffect(() => {
    void reload()
    // Queued changes reach the server later: show its state again after each replay.
    return onQueueChange(() => {
      if (navigator.onLine) void reload()
    })
  }, [reload])

  /** Replaces the shown data (after a save) and the cached copy; `isFromCache` marks data not from the server (a queued save). */
  const replace = useCallback(
    (data: T, isFromCache = false) => {
      writeCache(url, data)
      setState({ status: 'ready', data, isFromCache })
    },
    [url],
  )

  return { state, reload, replace }
}

/** The localStorage key of the kept copy of GET `url` (a logout removes it). */
export function getCacheKey(url: string): string {
  return CACHE_PREFIX + url
}

/** The kept copy of the last answer of GET `url`, or undefined. */
export function readCache<T>(url: string): T | undefined {
  try {
    const text = localStorage.getItem(getCacheKey(url))
    return text === null ? undefined : (JSON.parse(text) as T)
  } catch {
    return undefined
  }
}

function writeCache(url: string, data: unknown) {
  try {
    localStorage.setItem(getCacheKey(url), JSON.stringify(data))
  } catch {
    // No storage: the screen then needs the network.
  }
}
