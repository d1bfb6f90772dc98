/** Days until a payment in words: 'Vandaag', 'Morgen', 'Over 12 dagen'. */
export function describeDaysUntil(days: number): string {
  if (days <= 0) return 'Vandaag'
  if (days === 1) return 'Morgen'
  return `Over ${days} dagen`
}
