import { isQueuedResponse } from './api-request.ts'
import { describeError } from './server-message.ts'
import type { ToastInput } from './toasts.ts'

/** docs/behaviour.md 'Instellingen Opgeslagen', or the offline queue's promise to send it later. */
export const savedToast = savedToastTitled('Instellingen Opgeslagen')

/** A saved toast with its own title ('Meldingen opgeslagen'), queued offline as savedToast says. */
export function savedToastTitled(title: string) {
  return (response: { status: number; headers: Headers }): ToastInput =>
    isQueuedResponse(response)
      ? {
          title: 'Opgeslagen op dit apparaat',
          description: 'Je bent offline. De wijziging wordt verstuurd zodra je online bent.',
        }
      : { title }
}

/** A refused or failed save, with the server's reason when it gave one. */
export function saveFailedToast(error: unknown): ToastInput {
  return {
    title: 'Opslaan mislukt',
    description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
    variant: 'destructive',
  }
}
