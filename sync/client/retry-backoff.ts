const FIRST_DELAY_MS = 1000
const MAX_DELAY_MS = 60_000

const isOffline = () => globalThis.navigator?.onLine === false

/**
 * Waits longer after each failure in a row (1 s, 2 s, 4 s … at most a minute), so a server
 * that is down or answers 5xx is not called every few seconds by every device. A failure
 * while the device is offline says nothing about the server and is not counted: while
 * offline the wait lasts until the connection is back (or the longest delay has passed),
 * and an attempt made once it is back goes at once, however long the device was away.
 * RxDB's own retry time comes on top.
 */
export function createRetryBackoff() {
  let failures = 0
  return {
    /** Resolves when the next attempt may go. */
    wait(): Promise<void> {
      if (failures === 0 && !isOffline()) return Promise.resolve()
      const delay = isOffline()
        ? MAX_DELAY_MS
        : Math.min(FIRST_DELAY_MS * 2 ** (failures - 1), MAX_DELAY_MS)
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
      if (!isOffline()) failures++
    },
    succeeded() {
      failures = 0
    },
  }
}
