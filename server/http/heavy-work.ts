import { AppError } from './app-error.ts'

/** How long a refused caller is told to wait before asking again. */
export const HEAVY_WORK_RETRY_SECONDS = 15

/** What a caller hears while another heavy job runs (429, with Retry-After). */
export const HEAVY_WORK_BUSY_MESSAGE =
  'De server is bezig met een ander groot bestand (een restore, import, backup of ' +
  `afrekeningen). Probeer het over ${HEAVY_WORK_RETRY_SECONDS} seconden opnieuw.`

/**
 * One heavy job at a time for the whole process: a restore, a file or Sheets import, a
 * backup download, a Drive backup run, the statements zip. Each may hold tens of MB or
 * keep the event loop busy for seconds, and every organisation shares the process, so a
 * second one (in whatever organisation) is refused with 429 rather than queued. The
 * class is the seam where a queue of worker threads can take over.
 */
export class HeavyWorkSlot {
  #isTaken = false

  /** Takes the slot or throws 429; the returned function gives it back (once). */
  take(): () => void {
    if (this.#isTaken) {
      throw new AppError('too_many_requests', HEAVY_WORK_BUSY_MESSAGE, {
        retryAfterSeconds: HEAVY_WORK_RETRY_SECONDS,
      })
    }
    this.#isTaken = true
    let isReleased = false
    return () => {
      if (isReleased) return
      isReleased = true
      this.#isTaken = false
    }
  }

  /** Runs `work` in the slot, or answers 429 while another heavy job runs. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    const release = this.take()
    try {
      return await work()
    } finally {
      release()
    }
  }

  /**
   * Makes a download in the slot and keeps the slot until its body has been sent, or the
   * caller went away: the body may still be made while it is read.
   */
  async runDownload<T extends { body: ReadableStream<Uint8Array> }>(
    work: () => Promise<T>,
  ): Promise<T> {
    const release = this.take()
    try {
      const result = await work()
      return { ...result, body: releaseWhenRead(result.body, release) }
    } catch (error) {
      release()
      throw error
    }
  }
}

/** The same bytes; `release` runs once the last is read, the reading fails or is cancelled. */
function releaseWhenRead(body: ReadableStream<Uint8Array>, release: () => void) {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          release()
          controller.close()
        } else {
          controller.enqueue(value)
        }
      } catch (error) {
        release()
        controller.error(error)
      }
    },
    async cancel(reason) {
      release()
      await reader.cancel(reason)
    },
  })
}
