import { Hono } from 'hono'
import { expect, test } from 'vitest'
import { createErrorHandler } from '#server/http/handle-error'
import type { Logger } from '#server/logger'

test('an unexpected error on a setup link is logged without the token', async () => {
  const lines: string[] = []
  const log: Logger = {
    info: () => undefined,
    error: (message, fields) => void lines.push(`${message} ${JSON.stringify(fields)}`),
  }
  const app = new Hono()
  app.onError(createErrorHandler(log))
  app.post('/api/auth/setup/:token', () => {
    throw new Error('database is locked')
  })
  const answer = await app.request('/api/auth/setup/abcdefghijklmnopqrstuvwxyz234567', {
    method: 'POST',
  })
  expect(answer.status).toBe(500)
  expect(lines.join('\n')).toContain('/api/auth/setup/:token')
  expect(lines.join('\n')).not.toContain('abcdefghijklmnop')
})
