/** Currencies a sales organisation can choose (docs/behaviour.md, Constants). */
export type Currency = 'EUR' | 'USD' | 'GBP'

const formats = new Map<Currency, Intl.NumberFormat>()

function getFormat(currency: Currency) {
  let format = formats.get(currency)
  if (!format) {
    format = new Intl.NumberFormat('nl-NL', {
      style: 'currency',
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    })
    formats.set(currency, format)
  }
  return format
}

/**
 * Cents as money the Dutch way (docs/behaviour.md, Constants): 123456 EUR → '€ 1.234,56'. The
 * space after the symbol is the no-break space Intl writes, so an amount never wraps apart
 * from its symbol. Shared by the screens and the server's payout statements.
 */
export function formatMoney(cents: number, currency: Currency = 'EUR'): string {
  return getFormat(currency).format(cents / 100)
}
