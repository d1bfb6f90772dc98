import { AppError } from './app-error.ts'

/** How long a refused caller is told to wait before asking again. */
export const HEAVY_WORK_RETRY_SECONDS = 15

/** What a caller hears while another heavy job runs (429, with Retry-After). */
export const HEAVY_WORK_BUSY_MESSAGE =
  'De server is bezig met een ander groot bestand (een restore, import, backup of ' +
  `afrekeningen). Probeer het over ${HEAVY_WORK_RETRY_SECONDS} seconden opnieuw.`

/** What a caller hears while another upload of their organisation is still arriving. */
export const UPLOAD_ARRIVING_MESSAGE =
  'Er komt al een bestand van deze organisatie binnen. Probeer het opnieuw als dat klaar is.'

/**
 * One heavy job at a time for the whole process: a restore, a file or Sheets import, a
 * backup download, a Drive backup run, the statements zip. Each may hold tens of MB or
 * keep the event loop busy for seconds, and every organisation shares the process, so a
 * second one (in whatever organisation) is refused with 429 rather than queued. The
 * class is the seam where a queue of worker threads can take over.
 */
export class HeavyWorkSlot {
  #isTaken = false
  readonly #arriving = new Set<string>()

  /**
   * Marks an upload of the organisation as arriving, or throws 429 while another of theirs
   * still arrives; the returned function ends the mark (once). Uploads arrive outside the
   * slot, so that a slow one holds up no one; without this mark one organisation could send
   * any number side by side, each held in memory (an import) or on disk (a restore).
   */
  receive(organisationId: string): () => void {
    if (this.#arriving.has(organisationId)) {
      throw new AppError('too_many_requests', UPLOAD_ARRIVING_MESSAGE, {
        retryAfterSeconds: HEAVY_WORK_RETRY_SECONDS,
      })
    }
    this.#arriving.add(organisationId)
    let isEnded = false
    return () => {
      if (isEnded) return
      isEnded = true
      this.#arriving.delete(organisationId)
    }
  }

  /**
   * Throws 429 while a heavy job runs, without taking the slot: asked before an upload is
   * read, so a busy server does not read it in vain, while the slot itself is taken only
   * once the upload has arrived.
   */
  requireFree() {
    if (this.#isTaken) {
      throw new AppError('too_many_requests', HEAVY_WORK_BUSY_MESSAGE, {
        retryAfterSeconds: HEAVY_WORK_RETRY_SECONDS,
      })
    }
  }

  /** Takes the slot or throws 429; the returned function gives it back (once). */
  take(): () => void {
    this.requireFree()
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

/** A download whose reader takes no piece for this long is ended, and the slot given back. */
export const DOWNLOAD_IDLE_MS = 30_000
/** No download holds the slot longer than this, however steadily it is read. */
export const DOWNLOAD_MAX_MS = 10 * 60_000

/**
 * The same bytes; `release` runs once the last is read, the reading fails or is
 * cancelled, or the reader stalls (DOWNLOAD_IDLE_MS) or takes too long (DOWNLOAD_MAX_MS):
 * a caller who stops reading must not keep every organisation's heavy work waiting.
 */
function releaseWhenRead(body: ReadableStream<Uint8Array>, release: () => void) {
  const reader = body.getReader()
  let idle: NodeJS.Timeout | undefined
  let whole: NodeJS.Timeout | undefined
  const finish = () => {
    clearTimeout(idle)
    clearTimeout(whole)
    release()
  }
  let giveUp = () => {}
  return new ReadableStream<Uint8Array>({
    start(controller) {
      giveUp = () => {
        finish()
        controller.error(new Error('download reader too slow'))
        void reader.cancel().catch(() => undefined)
      }
      whole = setTimeout(giveUp, DOWNLOAD_MAX_MS)
      // The waits must not keep a stopping server alive.
      whole.unref()
    },
    async pull(controller) {
      // The reader asks for more: it is not idle, however long the next piece takes.
      clearTimeout(idle)
      try {
        const { done, value } = await reader.read()
        if (done) {
          finish()
          controller.close()
          return
        }
        controller.enqueue(value)
        idle = setTimeout(giveUp, DOWNLOAD_IDLE_MS)
        idle.unref()
      } catch (error) {
        finish()
        controller.error(error)
      }
    },
    async cancel(reason) {
      finish()
      await reader.cancel(reason)
    },
  })
}
