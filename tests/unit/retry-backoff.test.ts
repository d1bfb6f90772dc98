import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createRetryBackoff } from '#sync/client/retry-backoff'

// The wait between a device's sync attempts: longer after each failure of the server, but
// never a wait left over from the time the device itself was offline.

let isOnline = true

beforeEach(() => {
  vi.useFakeTimers()
  isOnline = true
  // A browser's window: it says when the connection comes back.
  const window = new EventTarget()
  vi.stubGlobal('addEventListener', window.addEventListener.bind(window))
  vi.stubGlobal('removeEventListener', window.removeEventListener.bind(window))
  vi.stubGlobal('dispatchEvent', window.dispatchEvent.bind(window))
  vi.stubGlobal('navigator', {
    get onLine() {
      return isOnline
    },
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** Whether `wait()` has resolved after `ms` of fake time. */
async function isDoneAfter(wait: Promise<void>, ms: number) {
  let isDone = false
  void wait.then(() => {
    isDone = true
  })
  await vi.advanceTimersByTimeAsync(ms)
  return isDone
}

test('each failure of the server doubles the wait, a success ends it', async () => {
  const backoff = createRetryBackoff()
  expect(await isDoneAfter(backoff.wait(), 0)).toBe(true)
  backoff.failed()
  backoff.failed()
  backoff.failed()
  expect(await isDoneAfter(backoff.wait(), 3_900)).toBe(false)
  expect(await isDoneAfter(backoff.wait(), 4_000)).toBe(true)
  backoff.succeeded()
  expect(await isDoneAfter(backoff.wait(), 0)).toBe(true)
})

test('failures while offline are not counted: back online, the next attempt goes at once', async () => {
  const backoff = createRetryBackoff()
  isOnline = false
  for (let attempt = 0; attempt < 8; attempt++) backoff.failed()
  // While offline an attempt waits for the connection.
  const waiting = backoff.wait()
  expect(await isDoneAfter(waiting, 30_000)).toBe(false)
  isOnline = true
  dispatchEvent(new Event('online'))
  expect(await isDoneAfter(waiting, 0)).toBe(true)
  // The retry that follows the connection's return is not held back either.
  expect(await isDoneAfter(backoff.wait(), 0)).toBe(true)
})
