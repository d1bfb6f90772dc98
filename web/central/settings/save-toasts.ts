import { isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import { showToast } from '../../lib/toasts.ts'

/** docs/behaviour.md 'Instellingen Opgeslagen', or the offline queue's promise to send it later. */
export function showSavedToast(response: Response) {
  if (isQueuedResponse(response)) {
    showToast({
      title: 'Opgeslagen op dit apparaat',
      description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
    })
    return
  }
  showToast({ title: 'Instellingen Opgeslagen' })
}

/** A refused or failed save, with the server's reason when it gave one. */
export function showSaveFailedToast(error: unknown) {
  showToast({
    title: 'Opslaan mislukt',
    description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
    variant: 'destructive',
  })
}
