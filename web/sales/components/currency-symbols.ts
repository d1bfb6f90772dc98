import type { Currency } from '../../lib/format-money.ts'

/** The symbol next to an amount field's label. */
export const CURRENCY_SYMBOLS: Record<Currency, string> = { EUR: '€', USD: '$', GBP: '£' }
