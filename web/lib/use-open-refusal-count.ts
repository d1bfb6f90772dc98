import { useEffect, useState } from 'react'
import type { SyncArea } from '#sync/account'
import { listDeviceRefusals, onDeviceRefusalsChange } from '#sync/client/device-refusals'
import { getSignedInAccount } from '#sync/client/signed-in-account'
import { listSyncRefusals } from './sync-refusal-api.ts'
import { onRefusalsChange } from './sync-refusal-events.ts'

/**
 * How many of the person's refused changes are kept unread: the server's (null: not known,
 * as offline) and this device's own (device-refusals.ts), so the header still points to
 * them after a reload, when this tab's own list of refusals is empty. Asked again when
 * `recentCount` (that list's length) changes and after a dismissal.
 */
export function useOpenRefusalCount(area: SyncArea, recentCount: number): number | null {
  const [count, setCount] = useState<number | null>(null)
  const [deviceCount, setDeviceCount] = useState(0)
  // recentCount only triggers a new look: a refusal in this tab is one more on the server.
  // biome-ignore lint/correctness/useExhaustiveDependencies: recentCount triggers, unread
  useEffect(() => {
    let isCurrent = true
    const load = () =>
      listSyncRefusals(area, 'own')
        .then((refusals) => isCurrent && setCount(refusals.length))
        .catch(() => isCurrent && setCount(null))
    const loadDevice = () => {
      const account = getSignedInAccount(area)
      if (!account) return
      listDeviceRefusals(area, account)
        .then((refusals) => isCurrent && setDeviceCount(refusals.length))
        .catch(() => undefined) // storage unavailable: nothing was kept
    }
    void load()
    loadDevice()
    const unsubscribe = onRefusalsChange(() => void load())
    const unsubscribeDevice = onDeviceRefusalsChange(loadDevice)
    return () => {
      isCurrent = false
      unsubscribe()
      unsubscribeDevice()
    }
  }, [area, recentCount])
  return count === null && deviceCount === 0 ? null : (count ?? 0) + deviceCount
}
