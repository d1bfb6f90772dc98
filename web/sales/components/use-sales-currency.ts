import type { Currency } from '../../lib/format-money.ts'
import { useSalesSettings } from '../data/index.ts'

/** The organisation's currency for amounts (EUR until the settings are known). */
export function useSalesCurrency(): Currency {
  const { state } = useSalesSettings()
  return state.status === 'ready' ? state.data.currency : 'EUR'
}
