/**
 * A date-only value ('2026-01-01') as a Dutch reader writes it ('1-1-2026'): in the
 * screens and in the server's messages alike, without Intl (decision 041).
 */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-')
  return `${Number(day)}-${Number(month)}-${year}`
}
