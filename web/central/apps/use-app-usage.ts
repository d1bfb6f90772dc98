import { useCallback, useEffect, useState } from 'react'
import type { UsageSummary } from '#schema/usage'
import { api } from '../../lib/api-client.ts'
import { describeError } from '../../lib/server-message.ts'
import { useOnlineStatus } from '../../lib/use-online-status.ts'

/** The window the Apps screen shows, in days. */
export const USAGE_DAYS = 30

/**
 * Usage comes from the server only (it is not replicated), so without a connection or
 * before the app has reached the server there are no figures to show.
 */
export type AppUsageState =
  | { status: 'not-on-server' }
  | { status: 'offline' }
  | { status: 'loading' }
  | { status: 'ready'; usage: UsageSummary; isRefreshing: boolean }
  | { status: 'failed'; message: string }

type Fetched =
  | { status: 'loading' }
  | { status: 'ready'; usage: UsageSummary; isRefreshing: boolean }
  | { status: 'failed'; message: string }

/**
 * GET /api/app-connections/:id/usage for the last USAGE_DAYS days once `isWanted` (the
 * card is near the screen), again when the connection returns and whenever `reload` is
 * called; a reload keeps the shown figures.
 */
export function useAppUsage(appId: string, isOnServer: boolean, isWanted = true) {
  const isOnline = useOnlineStatus()
  const [fetched, setFetched] = useState<Fetched>({ status: 'loading' })
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (!isOnServer || !isOnline || !isWanted) return
    // generation is a dependency so that reload() runs this effect again.
    void generation
    let isCurrent = true
    setFetched((shown) =>
      shown.status === 'ready' ? { ...shown, isRefreshing: true } : { status: 'loading' },
    )
    loadUsage(appId).then(
      (usage) => isCurrent && setFetched({ status: 'ready', usage, isRefreshing: false }),
      (error: unknown) =>
        isCurrent &&
        setFetched({
          status: 'failed',
          message: describeError(error, 'Het gebruik kon niet geladen worden.'),
        }),
    )
    return () => {
      isCurrent = false
    }
  }, [appId, isOnServer, isOnline, isWanted, generation])

  const reload = useCallback(() => setGeneration((value) => value + 1), [])

  const state: AppUsageState = !isOnServer
    ? { status: 'not-on-server' }
    : !isOnline
      ? { status: 'offline' }
      : fetched
  return { state, reload }
}

async function loadUsage(id: string) {
  const query = { days: String(USAGE_DAYS) }
  return (await api['app-connections'][':id'].usage.$get({ param: { id }, query })).json()
}
