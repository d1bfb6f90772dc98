import { useCallback, useEffect, useState } from 'react'
import type { z } from 'zod'
import { DEFAULT_PAYMENT_TERM_DAYS } from '#schema/payment-term'
import type { SalesSettingsUpdateSchema } from '#schema/sales'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'

const settingsApi = api['gold-estates'].settings

const loadSalesSettings = async () => (await settingsApi.$get()).json()

/** GET /api/gold-estates/settings: the API key comes back masked ('••••••••1234'). */
export type SalesSettings = Awaited<ReturnType<typeof loadSalesSettings>>

/** PATCH body: any of the fields; empty text is sent as null. */
export type SalesSettingsChanges = z.input<typeof SalesSettingsUpdateSchema>

type SettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: SalesSettings; isFromCache: boolean }
  | { status: 'failed'; error: unknown }

/** The last answer, so the settings (and the currency) are known offline; logout clears it. */
const CACHE_KEY = 'centraal.salesSettings'

/**
 * The organisation's Gold Estates settings (GET/PATCH /api/gold-estates/settings). `save`
 * resolves with the saved settings, or with `queued: true` when the browser was offline
 * and the change waits in the offline queue; it throws ApiError on refusal
 * (only a sales ADMIN may save).
 */
export function useSalesSettings() {
  const [state, setState] = useState<SettingsState>(() => {
    const cached = readCache()
    return cached ? { status: 'ready', settings: cached, isFromCache: true } : { status: 'loading' }
  })

  const reload = useCallback(async () => {
    try {
      const settings = await loadSalesSettings()
      writeCache(settings)
      setState({ status: 'ready', settings, isFromCache: false })
    } catch (error) {
      setState((previous) => (previous.status === 'ready' ? previous : { status: 'failed', error }))
    }
  }, [])

  useEffect(() => {
    void reload()
  }, [reload])

  const save = useCallback(
    async (
      changes: SalesSettingsChanges,
    ): Promise<{ settings: SalesSettings; queued: boolean }> => {
      const response = await settingsApi.$patch({ json: changes })
      const queued = isQueuedResponse(response)
      const previous = readCache()
      const settings = queued
        ? ({ ...previous, ...changes } as SalesSettings)
        : await response.json()
      writeCache(settings)
      setState({ status: 'ready', settings, isFromCache: queued })
      return { settings, queued }
    },
    [],
  )

  return { state, reload, save }
}

function writeCache(settings: SalesSettings) {
  try {
    localStorage.setItem(CACHE_KEY, JSON.stringify(settings))
  } catch {
    // No storage: the settings then need the network.
  }
}

function readCache(): SalesSettings | undefined {
  try {
    const text = localStorage.getItem(CACHE_KEY)
    return text ? (JSON.parse(text) as SalesSettings) : undefined
  } catch {
    return undefined
  }
}

/** The organisation's payment term as last seen from the server (default 30 days). */
export function readKnownPaymentTermDays(): number {
  return readCache()?.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS
}
