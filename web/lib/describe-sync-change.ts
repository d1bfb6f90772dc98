import type { SyncOperation } from '#schema/sync-refusals'
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

/** The same collections as a group ('geen toegang meer tot verkopen'). */
export const COLLECTION_PLURALS: Record<string, string> = {
  users: 'gebruikers',
  appConnections: 'apps',
  activities: 'activiteiten',
  projects: 'projecten',
  sellers: 'verkopers',
  sales: 'verkopen',
  commissions: 'commissies',
}

/** What a refused write did, in the words of the screens ('Gebruiker … aangemaakt'). */
export const OPERATION_LABELS: Record<SyncOperation, string> = {
  create: 'aangemaakt',
  update: 'gewijzigd',
  delete: 'verwijderd',
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
