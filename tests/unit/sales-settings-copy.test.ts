import { expect, test } from 'vitest'
import { getCacheKey } from '../../web/lib/use-server-data.ts'
import {
  adoptEarlierSalesSettings,
  SALES_SETTINGS_URL,
} from '../../web/sales/data/use-sales-settings.ts'

function storageOf(entries: Record<string, string>) {
  const items = new Map(Object.entries(entries))
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

const kept = JSON.stringify({ currency: 'USD', paymentTermDays: 14 })

test('a device updated offline keeps the sales settings an earlier build kept', () => {
  const storage = storageOf({ 'centraal.salesSettings': kept })
  adoptEarlierSalesSettings(storage)
  expect(Object.fromEntries(storage.items)).toEqual({ [getCacheKey(SALES_SETTINGS_URL)]: kept })
})

test('a newer copy is not overwritten by the earlier one, which is dropped', () => {
  const newer = JSON.stringify({ currency: 'EUR', paymentTermDays: 30 })
  const storage = storageOf({
    'centraal.salesSettings': kept,
    [getCacheKey(SALES_SETTINGS_URL)]: newer,
  })
  adoptEarlierSalesSettings(storage)
  expect(Object.fromEntries(storage.items)).toEqual({ [getCacheKey(SALES_SETTINGS_URL)]: newer })
})
