import type { RefusedChange } from '#sync/client/sync-status'

const COLLECTION_LABELS: Record<string, string> = {
  users: 'Gebruiker',
  appConnections: 'App',
}

/** "Gebruiker Jan Jansen" or "App Boekhouding": what a refused change was about. */
export function describeRefusedChange(change: RefusedChange): string {
  return `${COLLECTION_LABELS[change.collection] ?? change.collection} ${change.label}`
}
