import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { AppError } from '../errors/app-error.ts'
import { type Logger, redactPath } from '../logger.ts'
import { codeOfStatus, statusOf } from './error-status.ts'

const BUSY_RETRY_SECONDS = 5
const BUSY_MESSAGE =
  'De gegevens van deze organisatie zijn even bezet (bijvoorbeeld door een terugzetting). Probeer het over een paar seconden opnieuw.'

/**
 * SQLite's "database is locked" in each of its forms: another connection holds the write
 * lock past the busy timeout (SQLITE_BUSY), or committed after this transaction began
 * reading, so it may not write (SQLITE_BUSY_SNAPSHOT, which no wait resolves: the
 * transaction must start again). Another thread's restore or import, or another process
 * writing the same file for a moment while HAProxy moves an organisation, causes them;
 * the request may simply be sent again.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && (code === 'SQLITE_BUSY' || code.startsWith('SQLITE_BUSY_'))
}

const READ_ONLY_MESSAGE =
  'Deze organisatie verhuist naar een andere machine en kan even alleen gelezen worden. Probeer het over een paar seconden opnieuw.'

/**
 * A write to an organisation's file that its process made read-only while the
 * organisation moves to another machine (query_only; decision 048).
 */
export function isReadOnly(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('SQLITE_READONLY')
}

/**
 * The one error handler: AppError and HTTPException to JSON, a file busy in another
 * connection to 503 with Retry-After, anything else to a bare 500. Every answer is `{ message, errors?, code }`: the
 * message for a person, the code for a program (the web's ApiError reads all three).
 */
export function createErrorHandler(
  log: Logger,
  options: {
    /** Whether the organisation is moving to another machine (its file's move marker). */
    isMoving?: (organisationId: string) => boolean
  } = {},
) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) {
      if (error.details.retryAfterSeconds !== undefined) {
        c.header('Retry-After', String(error.details.retryAfterSeconds))
      }
      for (const [name, value] of Object.entries(error.details.headers ?? {})) c.header(name, value)
      return c.json(
        {
          message: error.message,
          ...(error.details.errors && { errors: error.details.errors }),
          code: error.code,
        },
        statusOf(error.code),
      )
    }
    if (error instanceof HTTPException) {
      const status = error.status
      const message =
        status === 400 ? 'Ongeldige invoer: de body is geen geldige JSON' : error.message
      return c.json(
        { message, ...(status === 400 && { errors: [] }), code: codeOfStatus(status) },
        status,
      )
    }
    if (isDatabaseBusy(error)) {
      c.header('Retry-After', String(BUSY_RETRY_SECONDS))
      // A write that began before its organisation started moving meets the move's lock:
      // the move is why, and the person is told so.
      const organisationId: unknown = c.get('organisationId')
      const isMoving = typeof organisationId === 'string' && options.isMoving?.(organisationId)
      const message = isMoving ? READ_ONLY_MESSAGE : BUSY_MESSAGE
      return c.json({ message, code: 'unavailable' }, 503)
    }
    if (isReadOnly(error)) {
      c.header('Retry-After', String(BUSY_RETRY_SECONDS))
      return c.json({ message: READ_ONLY_MESSAGE, code: 'unavailable' }, 503)
    }
    log.error('unhandled error', { path: redactPath(c.req.path), method: c.req.method, error })
    return c.json(
      { message: 'Er is iets misgegaan. Probeer het later opnieuw.', code: 'internal' },
      500,
    )
  }
}
