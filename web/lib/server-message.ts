/**
 * The server's own explanation inside a refused call's error (ApiError, or a sync call's
 * SyncHttpError), or undefined. Error bodies are JSON `{ message, errors? }` and the
 * error's text is "<status>: <body>"; the server already puts the first validation
 * problem into `message`.
 */
export function getServerMessage(error: unknown): string | undefined {
  const body = readErrorBody(error)
  if (!body) return undefined
  try {
    const parsed: unknown = JSON.parse(body)
    if (typeof parsed !== 'object' || parsed === null || !('message' in parsed)) return undefined
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined
  } catch {
    return undefined
  }
}

function readErrorBody(error: unknown): string | undefined {
  if (!(error instanceof Error)) return undefined
  return /^\d{3}: ([\s\S]*)$/.exec(error.message)?.[1]
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
