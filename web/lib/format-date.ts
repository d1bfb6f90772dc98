import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays'
import { format } from 'date-fns/format'
import { formatDistanceToNowStrict } from 'date-fns/formatDistanceToNowStrict'
import { nl } from 'date-fns/locale/nl'

const RELATIVE_DAYS = 7

/**
 * A moment for lists: relative within a week ('5 minuten geleden'), otherwise the
 * documented date format dd MMM yyyy ('03 okt. 2025').
 */
export function formatMoment(timestamp: number, now = Date.now()): string {
  if (Math.abs(differenceInCalendarDays(now, timestamp)) < RELATIVE_DAYS) {
    if (now - timestamp < 60_000) return 'zojuist'
    return formatDistanceToNowStrict(timestamp, { locale: nl, addSuffix: true })
  }
  return format(timestamp, 'dd MMM yyyy', { locale: nl })
}

/** A date and time, for an expiry ('10 okt. 2025 14:05'). */
export function formatDateTime(timestamp: number): string {
  return format(timestamp, 'd MMM yyyy HH:mm', { locale: nl })
}
