import { ApiError, parseErrorBody } from './api-error.ts'

/**
 * The server's own explanation inside a refused call's error, or undefined: ApiError has
 * read it from the body; a sync call's SyncHttpError carries the body in its text,
 * "<status>: <body>". The server already puts the first validation problem into `message`.
 */
export function getServerMessage(error: unknown): string | undefined {
  if (error instanceof ApiError) return error.serverMessage
  if (!(error instanceof Error)) return undefined
  const body = /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]
  return body === undefined ? undefined : parseErrorBody(body).message
}

/** Shown when the request never got an answer, instead of a misleading fallback. */
export const NETWORK_ERROR_TEXT =
  'Geen verbinding met de server. Controleer je internetverbinding en probeer het opnieuw.'

/** Text for an error toast: the server's message, a network hint, or the given fallback. */
export function describeError(error: unknown, fallback: string): string {
  const message = getServerMessage(error)
  if (message) return message
  if (error instanceof TypeError) return NETWORK_ERROR_TEXT
  return fallback
}
