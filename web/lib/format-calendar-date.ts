import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import { parseISO } from 'date-fns/parseISO'

/** A calendar date 'YYYY-MM-DD' as the documented dd MMM yyyy ('2025-10-03' → '03 okt. 2025'). */
export function formatCalendarDate(date: string): string {
  return format(parseISO(date), 'dd MMM yyyy', { locale: nl })
}
