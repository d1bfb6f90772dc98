/**
 * A REST answer other than 2xx. Its message is "<status>: <body text>" (docs/behaviour.md,
 * Validation rules and messages), which getServerMessage reads; the body is kept as text
 * so that a JSON error body `{ message, errors? }` stays parseable.
 */
export class ApiError extends Error {
  override name = 'ApiError'

  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`${status}: ${body}`)
  }

  /** The error for a non-OK answer: its body text, or the status text when it has none. */
  static async from(response: Response): Promise<ApiError> {
    const text = (await response.text().catch(() => '')) || response.statusText
    return new ApiError(response.status, text)
  }
}
