/** What a refusal's JSON body holds (server/http/handle-error.ts): `errors` for bad input. */
export type ErrorBody = { message?: string; errors?: unknown[]; code?: string }

/**
 * The one reading of an error body `{ message, errors?, code? }`: the fields that are there
 * and of the right kind; nothing for a body that is not such JSON (a proxy's page, none).
 */
export function parseErrorBody(text: string): ErrorBody {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return {}
  }
  if (typeof parsed !== 'object' || parsed === null) return {}
  const { message, errors, code } = parsed as Record<string, unknown>
  return {
    ...(typeof message === 'string' && message && { message }),
    ...(Array.isArray(errors) && { errors }),
    ...(typeof code === 'string' && { code }),
  }
}

/**
 * A REST answer other than 2xx. Its message is "<status>: <body text>" (docs/behaviour.md,
 * Validation rules and messages); `serverMessage`, `errors` and `code` are the JSON error
 * body's fields, read once here.
 */
export class ApiError extends Error {
  override name = 'ApiError'
  /** The server's own explanation (`message` of the body), when it gave one. */
  readonly serverMessage: string | undefined
  /** The body's list of input problems (a 400), when it gave one. */
  readonly errors: unknown[] | undefined
  readonly code: string | undefined

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`)
    const parsed = parseErrorBody(body)
    this.serverMessage = parsed.message
    this.errors = parsed.errors
    this.code = parsed.code
  }

  /** The error for a non-OK answer: its body text, or the status text when it has none. */
  static async from(response: Response): Promise<ApiError> {
    const text = (await response.text().catch(() => '')) || response.statusText
    return new ApiError(response.status, text)
  }
}
