import { formatDutchCurrency } from './dutch-number.ts'

/** Currencies a sales organisation can choose (docs/behaviour.md, Constants). */
export type Currency = 'EUR' | 'USD' | 'GBP'

/**
 * Cents as money the Dutch way (docs/behaviour.md, Constants): 123456 EUR → '€ 1.234,56'. The
 * space after the symbol is the no-break space Intl writes, so an amount never wraps apart
 * from its symbol. Shared by the screens and the server's payout statements. Written without
 * Intl, which a page's first screen would otherwise wait on (decision 041).
 */
export function formatMoney(cents: number, currency: Currency = 'EUR'): string {
  return formatDutchCurrency(cents / 100, currency)
}
