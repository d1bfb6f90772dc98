import { expect } from 'vitest'
import type { ErrorAnswer } from './typed-client.ts'

/**
 * `answer` is refused with `status` and tells the person `message` (the server's message,
 * which the screens show), or a message that matches it. A wrong status shows the body.
 */
export function expectRefusal(
  answer: { status: number; text: string; json: unknown },
  status: number,
  message: string | RegExp,
) {
  expect(answer.status, answer.text).toBe(status)
  const { message: said } = answer.json as ErrorAnswer
  if (typeof message === 'string') expect(said).toBe(message)
  else expect(said).toMatch(message)
}
