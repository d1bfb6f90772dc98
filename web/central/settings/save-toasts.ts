import { isQueuedResponse } from '../../lib/api-request.ts'
import { describeError } from '../../lib/server-message.ts'
import type { ToastInput } from '../../lib/toasts.ts'

/** docs/behaviour.md 'Instellingen Opgeslagen', or the offline queue's promise to send it later. */
export function savedToast(response: { status: number; headers: Headers }): ToastInput {
  return isQueuedResponse(response)
    ? {
        title: 'Opgeslagen op dit apparaat',
        description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
      }
    : { title: 'Instellingen Opgeslagen' }
}

/** A refused or failed save, with the server's reason when it gave one. */
export function saveFailedToast(error: unknown): ToastInput {
  return {
    title: 'Opslaan mislukt',
    description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
    variant: 'destructive',
  }
}
