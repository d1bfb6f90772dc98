import { useCallback } from 'react'
import type { z } from 'zod'
import { DEFAULT_PAYMENT_TERM_DAYS } from '#schema/payment-term'
import type { SalesSettingsUpdateSchema } from '#schema/sales'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { getCacheKey, readCache, useServerData } from '../../lib/use-server-data.ts'

const settingsApi = api['gold-estates'].settings

const loadSalesSettings = async () => (await settingsApi.$get()).json()

/** GET /api/gold-estates/settings: the API key comes back masked ('••••••••1234'). */
export type SalesSettings = Awaited<ReturnType<typeof loadSalesSettings>>

/** PATCH body: any of the fields; empty text is sent as null. */
export type SalesSettingsChanges = z.input<typeof SalesSettingsUpdateSchema>

/** GET /api/gold-estates/settings, whose last answer is kept so the currency is known offline. */
export const SALES_SETTINGS_URL = '/api/gold-estates/settings'

/** Where builds before the one cached GET kept the last answer. */
const EARLIER_KEY = 'centraal.salesSettings'

/**
 * Moves a copy kept by an earlier build to the cached GET's key, so a device updated
 * without a connection still shows its organisation's currency and payment term.
 */
export function adoptEarlierSalesSettings(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>,
) {
  const earlier = storage.getItem(EARLIER_KEY)
  if (earlier === null) return
  const key = getCacheKey(SALES_SETTINGS_URL)
  if (storage.getItem(key) === null) storage.setItem(key, earlier)
  storage.removeItem(EARLIER_KEY)
}

try {
  adoptEarlierSalesSettings(localStorage)
} catch {
  // No storage (private mode, outside a browser): nothing was kept.
}

/**
 * The organisation's Gold Estates settings (GET/PATCH /api/gold-estates/settings), the
 * kept copy shown at once. `save` resolves with the saved settings, or with `queued: true`
 * when the browser was offline and the change waits in the offline queue; it throws
 * ApiError on refusal (only a sales ADMIN may save).
 */
export function useSalesSettings() {
  const { state, reload, replace } = useServerData(SALES_SETTINGS_URL, loadSalesSettings, {
    showsKeptAtOnce: true,
  })

  const save = useCallback(
    async (
      changes: SalesSettingsChanges,
    ): Promise<{ settings: SalesSettings; queued: boolean }> => {
      const response = await settingsApi.$patch({ json: changes })
      const queued = isQueuedResponse(response)
      const previous = readCache<SalesSettings>(SALES_SETTINGS_URL)
      const settings = queued
        ? ({ ...previous, ...changes } as SalesSettings)
        : await response.json()
      replace(settings, queued)
      return { settings, queued }
    },
    [replace],
  )

  return { state, reload, save }
}

/** The organisation's payment term as last seen from the server (default 30 days). */
export function readKnownPaymentTermDays(): number {
  return readCache<SalesSettings>(SALES_SETTINGS_URL)?.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS
}
