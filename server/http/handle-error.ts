import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { type Logger, redactPath } from '../logger.ts'
import { AppError, codeOfStatus } from './app-error.ts'

const BUSY_RETRY_SECONDS = 5
const BUSY_MESSAGE =
  'De gegevens van deze organisatie worden nu teruggezet. Probeer het over een paar seconden opnieuw.'

/**
 * The one error handler: AppError and HTTPException to JSON, a file busy in another thread
 * to 503, anything else to a bare 500. Every answer is `{ message, errors?, code }`: the
 * message for a person, the code for a program (the web's ApiError reads all three).
 */
export function createErrorHandler(log: Logger) {
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
        error.status,
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
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      // Another thread (a restore in the heavy-work worker) holds the file's write lock.
      c.header('Retry-After', String(BUSY_RETRY_SECONDS))
      return c.json({ message: BUSY_MESSAGE, code: 'unavailable' }, 503)
    }
    log.error('unhandled error', { path: redactPath(c.req.path), method: c.req.method, error })
    return c.json(
      { message: 'Er is iets misgegaan. Probeer het later opnieuw.', code: 'internal' },
      500,
    )
  }
}
