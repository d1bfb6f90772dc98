import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { AppErrorCode } from '../errors/app-error.ts'

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

/** The HTTP status an AppError of this code is answered with. */
export function statusOf(code: AppErrorCode): ContentfulStatusCode {
  return STATUS[code]
}

/** The code of an answer that was not built from an AppError (Hono's own refusals). */
export function codeOfStatus(status: number): AppErrorCode {
  const found = Object.entries(STATUS).find(([, known]) => known === status)
  return (found?.[0] as AppErrorCode | undefined) ?? (status >= 500 ? 'internal' : 'invalid_input')
}
