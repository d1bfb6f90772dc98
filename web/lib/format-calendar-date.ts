import { format, parseISO } from 'date-fns'
import { nl } from 'date-fns/locale'

/** A calendar date 'YYYY-MM-DD' as the documented dd MMM yyyy ('2025-10-03' → '03 okt. 2025'). */
export function formatCalendarDate(date: string): string {
  return format(parseISO(date), 'dd MMM yyyy', { locale: nl })
}
