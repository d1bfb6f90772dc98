import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'

/**
 * Why a change made before a restore is not applied: it was made on data the restore
 * replaced (decision 008, "A restore starts a new epoch").
 */
export function describeRestoredEpoch(restoredAt: number): string {
  return `Gemaakt vóór het terugzetten van een back-up op ${format(restoredAt, 'd MMM yyyy HH:mm', { locale: nl })}; niet verwerkt.`
}
