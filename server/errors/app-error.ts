// What went wrong, in the product's terms, below the HTTP floor: services, jobs, heavy work
// and replication throw it; the HTTP layer alone turns it into an answer
// (server/http/error-status.ts gives each code its status, server/http/handle-error.ts
// answers).

/** What went wrong, in the product's terms. */
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

/** An error whose message is safe to show to the caller. */
export class AppError extends Error {
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
  }
}
