import { formatDutchNumber } from '#schema/dutch-number'

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB', 'PB'] as const

/**
 * A size in bytes, decimal units and Dutch decimals: 1_234_567 → '1,2 MB'. A no-break
 * space keeps the number and its unit on one line.
 */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes)
  let unit = 0
  // Compare the figure as it will be shown, so 999_960 reads '1 MB', never '1.000 kB'.
  while (unit < UNITS.length - 1 && Math.round(value * 10) / 10 >= 1000) {
    value /= 1000
    unit += 1
  }
  return `${formatDutchNumber(value, { maximumFractionDigits: 1 })}\u00a0${UNITS[unit]}`
}
