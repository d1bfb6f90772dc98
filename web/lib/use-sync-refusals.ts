import { useCallback, useEffect, useState } from 'react'
import type { SyncRefusal, SyncRefusalScope } from '#schema/sync-refusals'
import type { SyncArea } from '#sync/account'
import {
  dismissDeviceRefusal,
  listDeviceRefusals,
  onDeviceRefusalsChange,
} from '#sync/client/device-refusals'
import { getSignedInAccount } from '#sync/client/signed-in-account'
import { dismissSyncRefusal, listSyncRefusals } from './sync-refusal-api.ts'
import { announceRefusalsChange } from './sync-refusal-events.ts'

export type SyncRefusalsState =
  | { status: 'loading' }
  | { status: 'failed'; error: unknown }
  /** `serverError`: the server's list could not be read (offline); this device's is shown. */
  | { status: 'ready'; refusals: SyncRefusal[]; serverError?: unknown }

/** This device's refusals of the person signed in to the area (device-refusals.ts). */
async function listOwnDeviceRefusals(area: SyncArea): Promise<SyncRefusal[]> {
  const account = getSignedInAccount(area)
  if (!account) return []
  return listDeviceRefusals(area, account).catch(() => [])
}

/**
 * The refused writes of an area: those the server kept (GET /api/sync-refusals or
 * /api/gold-estates/sync-refusals, read over REST: they are not replicated, so they stay
 * findable after a reload or on another device) after those this device kept itself, which
 * never reached the server (made before a restore, or refused whole for want of a right).
 * `dismiss` marks one read and drops it from the list; it throws when the server refuses,
 * and the row stays.
 */
export function useSyncRefusals(area: SyncArea, scope: SyncRefusalScope) {
  const [state, setState] = useState<SyncRefusalsState>({ status: 'loading' })

  const load = useCallback(async () => {
    const [server, device] = await Promise.all([
      listSyncRefusals(area, scope).then(
        (refusals) => ({ refusals }),
        (error: unknown) => ({ error }),
      ),
      listOwnDeviceRefusals(area),
    ])
    if ('error' in server) {
      setState(
        device.length > 0
          ? { status: 'ready', refusals: device, serverError: server.error }
          : { status: 'failed', error: server.error },
      )
    } else {
      setState({ status: 'ready', refusals: [...device, ...server.refusals] })
    }
  }, [area, scope])

  const reload = useCallback(async () => {
    setState({ status: 'loading' })
    await load()
  }, [load])

  useEffect(() => {
    void reload()
    return onDeviceRefusalsChange(() => void load())
  }, [reload, load])

  const dismiss = useCallback(
    async (refusal: SyncRefusal) => {
      if (refusal.isOnDevice) {
        await dismissDeviceRefusal(refusal.id)
      } else {
        // Offline the dismissal is queued (202) and sent later: the row can go already.
        await dismissSyncRefusal(area, refusal.id)
        announceRefusalsChange()
      }
      setState((previous) =>
        previous.status === 'ready'
          ? {
              ...previous,
              refusals: previous.refusals.filter((candidate) => candidate.id !== refusal.id),
            }
          : previous,
      )
    },
    [area],
  )

  return { state, reload, dismiss }
}
