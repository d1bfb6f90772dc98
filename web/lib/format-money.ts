// Money is formatted by the same rule on the server (the payout statements).
export { type Currency, formatMoney } from '#schema/format-money'

const percentFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 })

/** A percentage as typed, Dutch decimals: 2.5 → '2,5%'. */
export function formatPercentage(value: number): string {
  return `${percentFormat.format(value)}%`
}

const countFormat = new Intl.NumberFormat('nl-NL')

/** A count with Dutch thousands separators: 20000 → '20.000'. */
export function formatCount(value: number): string {
  return countFormat.format(value)
}
