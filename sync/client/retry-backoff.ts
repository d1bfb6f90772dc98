/**
 * The waits of a replication after a failed call (no network, 5xx): RxDB's own before it
 * runs the pull or push again, and the backoff's on top, twice as long after each failure
 * in a row up to its longest. Tests of a crashed or failing server shorten them.
 */
export type RetryTiming = { retryMs: number; firstBackoffMs: number; maxBackoffMs: number }

/** 3 s, then 1 s, 2 s, 4 s … at most a minute on top. */
export const RETRY_TIMING: RetryTiming = {
  retryMs: 3000,
  firstBackoffMs: 1000,
  maxBackoffMs: 60_000,
}

const isOffline = () => globalThis.navigator?.onLine === false

/**
 * Waits longer after each failure in a row (see RetryTiming), so a server
 * that is down or answers 5xx is not called every few seconds by every device. A failure
 * while the device is offline says nothing about the server and is not counted: while
 * offline the wait lasts until the connection is back (or the longest delay has passed),
 * and an attempt made once it is back goes at once, however long the device was away.
 */
export function createRetryBackoff(timing: RetryTiming = RETRY_TIMING) {
  let failures = 0
  return {
    /** Resolves when the next attempt may go. */
    wait(): Promise<void> {
      if (failures === 0 && !isOffline()) return Promise.resolve()
      const delay = isOffline()
        ? timing.maxBackoffMs
        : Math.min(timing.firstBackoffMs * 2 ** (failures - 1), timing.maxBackoffMs)
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
