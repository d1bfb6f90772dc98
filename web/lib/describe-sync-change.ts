import type { UnsentChange } from '#sync/client/sync-status'

/** Every replicated collection in the words of the screens. */
export const COLLECTION_LABELS: Record<string, string> = {
  users: 'Gebruiker',
  appConnections: 'App',
  activities: 'Activiteit',
  projects: 'Project',
  sellers: 'Verkoper',
  sales: 'Verkoop',
  commissions: 'Commissie',
}

const KIND_LABELS: Record<UnsentChange['kind'], string> = {
  create: 'nieuw',
  update: 'gewijzigd',
  delete: 'verwijderd',
}

/** "Gebruiker Jan Jansen" or "Verkoop Jan de Klant": what a synced change is about. */
export function describeSyncChange(change: { collection: string; label: string }): string {
  return `${COLLECTION_LABELS[change.collection] ?? change.collection} ${change.label}`
}

/** "Verkoop Jan de Klant (nieuw)": an unsent change for a list. */
export function describeUnsentChange(change: UnsentChange): string {
  return `${describeSyncChange(change)} (${KIND_LABELS[change.kind]})`
}
