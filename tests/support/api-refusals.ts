import { expect } from 'vitest'
import type { ErrorAnswer } from './typed-client.ts'

/**
 * `answer` is refused with `status` and tells the person `message` (the server's message,
 * which the screens show). A wrong status shows the body it came with.
 */
export function expectRefusal(
  answer: { status: number; text: string; json: unknown },
  status: number,
  message: string,
) {
  expect(answer.status, answer.text).toBe(status)
  expect((answer.json as ErrorAnswer).message).toBe(message)
}
