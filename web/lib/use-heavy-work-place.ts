import { useEffect, useState } from 'react'
import { api } from './api-client.ts'

/** How often a waiting screen asks for its place in the queue. */
export const PLACE_POLL_MS = 2000

/** Whose queue place to ask: the central session's or the sales session's organisation. */
export type HeavyWorkArea = 'central' | 'sales'

async function getPlace(area: HeavyWorkArea) {
  const route = area === 'central' ? api['heavy-work'] : api['gold-estates']['heavy-work']
  return (await (await route.place.$get()).json()).place
}

/**
 * The organisation's place in the server's heavy-work queue (1: its job runs, 2…: it
 * waits; null: unknown or none), asked every PLACE_POLL_MS while `isPending` (a restore,
 * import or download request is unanswered). Null again once it is answered.
 */
export function useHeavyWorkPlace(area: HeavyWorkArea, isPending: boolean) {
  const [place, setPlace] = useState<number | null>(null)
  useEffect(() => {
    if (!isPending) {
      setPlace(null)
      return
    }
    let isCurrent = true
    const ask = () =>
      getPlace(area).then(
        (answer) => isCurrent && setPlace(answer),
        // A failed question changes nothing: the request itself says how it went.
        () => undefined,
      )
    void ask()
    const timer = setInterval(ask, PLACE_POLL_MS)
    return () => {
      isCurrent = false
      clearInterval(timer)
    }
  }, [area, isPending])
  return place
}
