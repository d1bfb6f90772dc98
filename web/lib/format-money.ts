// Money is formatted by the same rule on the server (the payout statements).
export { type Currency, formatMoney } from '#schema/format-money'

import { formatDutchNumber } from '#schema/dutch-number'

// Written as Intl's nl-NL writes them, without Intl (decision 041: a page's first Intl
// formatter loads ICU's data inside the first screen's start).

/** A computed percentage (an average, a share), Dutch decimals: 33.333 → '33,33%'. */
export function formatPercentage(value: number): string {
  return `${formatDutchNumber(value, { maximumFractionDigits: 2 })}%`
}

/** A percentage as typed or stored, every decimal it may carry: 2.125 → '2,125%'. */
export function formatTypedPercentage(value: number): string {
  // A typed percentage carries up to four decimals (schema/parse-percentage.ts).
  return `${formatDutchNumber(value, { maximumFractionDigits: 4 })}%`
}

/** A count with Dutch thousands separators: 20000 → '20.000'. */
export function formatCount(value: number): string {
  return formatDutchNumber(value)
}
