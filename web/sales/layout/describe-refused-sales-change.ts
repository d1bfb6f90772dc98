import type { RefusedChange } from '#sync/client/sync-status'

const COLLECTION_LABELS: Record<string, string> = {
  projects: 'Project',
  sellers: 'Verkoper',
  sales: 'Verkoop',
  commissions: 'Commissie',
}

/** "Verkoop Jan de Klant" or "Project Havenkwartier": what a refused change was about. */
export function describeRefusedSalesChange(change: RefusedChange): string {
  return `${COLLECTION_LABELS[change.collection] ?? change.collection} ${change.label}`
}
