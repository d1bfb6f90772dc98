import { useCallback } from 'react'
import type { z } from 'zod'
import { DEFAULT_PAYMENT_TERM_DAYS } from '#schema/payment-term'
import type { SalesSettingsUpdateSchema } from '#schema/sales'
import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'
import { readCache, useServerData } from '../../lib/use-server-data.ts'

const settingsApi = api['gold-estates'].settings

const loadSalesSettings = async () => (await settingsApi.$get()).json()

/** GET /api/gold-estates/settings: the API key comes back masked ('••••••••1234'). */
export type SalesSettings = Awaited<ReturnType<typeof loadSalesSettings>>

/** PATCH body: any of the fields; empty text is sent as null. */
export type SalesSettingsChanges = z.input<typeof SalesSettingsUpdateSchema>

/** GET /api/gold-estates/settings, whose last answer is kept so the currency is known offline. */
export const SALES_SETTINGS_URL = '/api/gold-estates/settings'

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
