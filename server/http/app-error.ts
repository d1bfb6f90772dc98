import type { ContentfulStatusCode } from 'hono/utils/http-status'

/** What went wrong, in the product's terms; the table below maps each to an HTTP status. */
export type AppErrorCode =
  | 'invalid_input'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_many_requests'
  | 'payload_too_large'
  | 'unavailable'
  /** The request named a host this installation does not serve. */
  | 'misdirected'
  /** A service we depend on (Google) failed or refused us. */
  | 'bad_gateway'
  /** The app that asked is of an older protocol: it must reload. */
  | 'upgrade_required'
  /** Our fault: nothing the caller can change. */
  | 'internal'

const STATUS: Record<AppErrorCode, ContentfulStatusCode> = {
  invalid_input: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  too_many_requests: 429,
  unavailable: 503,
  misdirected: 421,
  bad_gateway: 502,
  upgrade_required: 426,
  internal: 500,
}

/** The code of an answer that was not built from an AppError (Hono's own refusals). */
export function codeOfStatus(status: number): AppErrorCode {
  const found = Object.entries(STATUS).find(([, known]) => known === status)
  return (found?.[0] as AppErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'invalid_input')
}

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
  readonly status: ContentfulStatusCode

  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details: {
      errors?: unknown[]
      retryAfterSeconds?: number
      /** Extra response headers that tell callers what kind of refusal this is. */
      headers?: Record<string, string>
    } = {},
  ) {
    super(message)
    this.status = STATUS[code]
  }
}
