const MAX_LENGTH = 300

/**
 * A short, loggable and showable reason for a failed Google call: the HTTP status and
 * Google's own message. Never the request: revoke URLs carry the token in their query.
 */
export function describeGoogleError(error: unknown): string {
  if (!(error instanceof Error)) return String(error).slice(0, MAX_LENGTH)
  const { status, response } = error as Error & {
    status?: number
    response?: { data?: unknown }
  }
  const data = response?.data as
    | { error?: string | { message?: string }; error_description?: string }
    | undefined
  const googleMessage =
    typeof data?.error === 'object' ? data.error.message : (data?.error_description ?? data?.error)
  // Query strings are cut from anything that looks like a URL in the message.
  const message = (googleMessage || error.message).replace(/(https?:\/\/[^\s?]*)\?\S*/g, '$1')
  return (status ? `HTTP ${status}: ${message}` : message).slice(0, MAX_LENGTH)
}
