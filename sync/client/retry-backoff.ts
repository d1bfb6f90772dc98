const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 60_000

/**
 * Waits longer after each failure in a row (1 s, 2 s, 4 s … at most a minute), so a server
 * that is down or answers 5xx is not called every few seconds by every device. Coming
 * back online ends the wait at once. RxDB's own retry time comes on top.
 */
export function createRetryBackoff() {
  let failures = 0
  return {
    /** Resolves when the next attempt may go. */
    wait(): Promise<void> {
      if (failures === 0) return Promise.resolve()
      const delay = Math.min(FIRST_DELAY_MS * 2 ** (failures - 1), MAX_DELAY_MS)
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer)
          globalThis.removeEventListener?.('online', done)
          resolve()
        }
        const timer = setTimeout(done, delay)
        globalThis.addEventListener?.('online', done)
      })
    },
    failed() {
      failures++
    },
    succeeded() {
      failures = 0
    },
  }
}
