import { AccountChangedError, SyncHttpError } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'

/** A passing failure in words; the calls that need the person set a problem instead. */
export function noteTrouble(status: SyncStatusStore, error: unknown) {
  if (error instanceof AccountChangedError) return
  if (error instanceof SyncHttpError && error.status < 500) return
  status.update({
    trouble:
      error instanceof SyncHttpError
        ? 'De server is even niet bereikbaar; we proberen het zo opnieuw.'
        : 'Geen verbinding met de server; wijzigingen blijven op dit apparaat tot die er weer is.',
  })
}
