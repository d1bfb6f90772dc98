// Money is formatted by the same rule on the server (the payout statements).
export { type Currency, formatMoney } from '#schema/format-money'

const percentFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 })
// A typed percentage carries up to four decimals (schema/parse-percentage.ts).
const typedPercentFormat = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 4 })

/** A computed percentage (an average, a share), Dutch decimals: 33.333 → '33,33%'. */
export function formatPercentage(value: number): string {
  return `${percentFormat.format(value)}%`
}

/** A percentage as typed or stored, every decimal it may carry: 2.125 → '2,125%'. */
export function formatTypedPercentage(value: number): string {
  return `${typedPercentFormat.format(value)}%`
}

const countFormat = new Intl.NumberFormat('nl-NL')

/** A count with Dutch thousands separators: 20000 → '20.000'. */
export function formatCount(value: number): string {
  return countFormat.format(value)
}
