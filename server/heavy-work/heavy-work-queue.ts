import { AppError } from '../errors/app-error.ts'

/** How long a refused caller is told to wait before asking again. */
export const HEAVY_WORK_RETRY_SECONDS = 15

/** Heavy jobs that may wait for their turn in the process, beside the one running. */
export const DEFAULT_MAX_WAITING = 8

/** What a caller hears when the queue is full (429, with Retry-After). */
export const HEAVY_WORK_BUSY_MESSAGE =
  'De server is bezig met andere grote bestanden (restores, imports, backups of ' +
  `afrekeningen) en de wachtrij is vol. Probeer het over ${HEAVY_WORK_RETRY_SECONDS} seconden opnieuw.`

/** What a caller hears while their organisation has a heavy job running or waiting. */
export const ORGANISATION_BUSY_MESSAGE =
  'Er loopt of wacht al een restore, import, backup of afrekeningen-download van deze ' +
  'organisatie. Probeer het opnieuw als die klaar is.'

/** What a caller hears while another upload of their organisation is still arriving. */
export const UPLOAD_ARRIVING_MESSAGE =
  'Er komt al een bestand van deze organisatie binnen. Probeer het opnieuw als dat klaar is.'

type Waiting = { organisationId: string; start: () => void }

/**
 * The one heavy-job slot of the machine when several processes share it (a Redis lock,
 * redis-heavy-slot.ts): resolves once it is held, with the function that
 * frees it; rejects when `signal` aborts first.
 */
export type MachineSlot = { take(signal?: AbortSignal): Promise<() => void> }

const abortedWhileWaiting = () =>
  new AppError('unavailable', 'Het verzoek is afgebroken terwijl het wachtte')

const refuse = (message: string) =>
  new AppError('too_many_requests', message, { retryAfterSeconds: HEAVY_WORK_RETRY_SECONDS })

/**
 * One heavy job at a time for the whole process (a restore, a file or Sheets import, a
 * backup download, a Drive backup run, the statements zip), the others waiting in order.
 * The job's work runs in a worker thread (heavy-worker.ts), so the request thread only
 * queues and answers; the queue still runs one at a time, because each job may hold tens
 * of MB and the machine's cores are shared. Bounded: one job per organisation (running or
 * waiting) and `maxWaiting` waiting in all; beyond that 429 with Retry-After. A waiting
 * caller who goes away leaves the queue. With a `machineSlot` (processes sharing a Redis),
 * the job at the head of this process's queue also takes the machine's one slot before it
 * runs, so one heavy job runs on the machine, whichever process it came through.
 */
export class HeavyWorkQueue {
  #running: string | null = null
  /** The head of the queue waits for the machine's slot, held by another process. */
  #isWaitingForMachine = false
  readonly #waiting: Waiting[] = []
  readonly #arriving = new Set<string>()

  constructor(
    private readonly maxWaiting = DEFAULT_MAX_WAITING,
    private readonly machineSlot?: MachineSlot,
  ) {}

  /**
   * Marks an upload of the organisation as arriving, or throws 429 while another of theirs
   * still arrives; the returned function ends the mark (once). Uploads arrive outside the
   * queue, so that a slow one holds up no one; without this mark one organisation could send
   * any number side by side, each held in memory (an import) or on disk (a restore).
   */
  receive(organisationId: string): () => void {
    if (this.#arriving.has(organisationId)) throw refuse(UPLOAD_ARRIVING_MESSAGE)
    this.#arriving.add(organisationId)
    let isEnded = false
    return () => {
      if (isEnded) return
      isEnded = true
      this.#arriving.delete(organisationId)
    }
  }

  /**
   * Throws 429 when the organisation's job could not join the queue now (it has one
   * running or waiting, or the queue is full), without joining: asked before an upload is
   * read, so that a full queue does not read it in vain.
   */
  requireRoom(organisationId: string) {
    if (this.placeOf(organisationId) !== null) throw refuse(ORGANISATION_BUSY_MESSAGE)
    if (this.#running !== null && this.#waiting.length >= this.maxWaiting) {
      throw refuse(HEAVY_WORK_BUSY_MESSAGE)
    }
  }

  /**
   * The organisation's place: 1 while its job runs, 2… while it waits (a job waiting for
   * another process's heavy job counts that one before it), null without one.
   */
  placeOf(organisationId: string): number | null {
    const ahead = this.#isWaitingForMachine ? 1 : 0
    if (this.#running === organisationId) return 1 + ahead
    const at = this.#waiting.findIndex((item) => item.organisationId === organisationId)
    return at < 0 ? null : at + 2 + ahead
  }

  /** Whether an upload of the organisation is arriving now (see receive). */
  isArriving(organisationId: string) {
    return this.#arriving.has(organisationId)
  }

  /** Whether any job runs now. */
  isBusy() {
    return this.#running !== null
  }

  /**
   * Joins the queue (or throws 429, see requireRoom) and resolves once it is the
   * organisation's turn, with the function that ends the turn (once). A `signal` that
   * aborts while waiting leaves the queue and rejects.
   */
  async take(organisationId: string, signal?: AbortSignal): Promise<() => void> {
    signal?.throwIfAborted()
    this.requireRoom(organisationId)
    // Taken before any await, so that no other caller slips in between.
    if (this.#running === null) this.#running = organisationId
    else await this.#wait(organisationId, signal)
    let freeMachine = () => {}
    if (this.machineSlot) {
      this.#isWaitingForMachine = true
      try {
        freeMachine = await this.machineSlot.take(signal)
      } catch {
        this.#next()
        throw abortedWhileWaiting()
      }
      this.#isWaitingForMachine = false
    }
    let isReleased = false
    return () => {
      if (isReleased) return
      isReleased = true
      freeMachine()
      this.#next()
    }
  }

  /** Waits in line until the job before this one ends; the turn is this one's then. */
  #wait(organisationId: string, signal?: AbortSignal) {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#waiting.indexOf(waiting)
        if (at >= 0) this.#waiting.splice(at, 1)
        reject(abortedWhileWaiting())
      }
      const waiting: Waiting = {
        organisationId,
        start: () => {
          signal?.removeEventListener('abort', onAbort)
          this.#running = organisationId
          resolve()
        },
      }
      this.#waiting.push(waiting)
      signal?.addEventListener('abort', onAbort, { once: true })
    })
  }

  #next() {
    this.#running = null
    this.#isWaitingForMachine = false
    this.#waiting.shift()?.start()
  }

  /** Runs `work` in the organisation's turn (see take). */
  async run<T>(organisationId: string, work: () => Promise<T>, signal?: AbortSignal) {
    const release = await this.take(organisationId, signal)
    try {
      return await work()
    } finally {
      release()
    }
  }

  /**
   * Makes a download in the organisation's turn and keeps the turn until its body has been
   * sent, or the caller went away, stalled or took too long (releaseWhenRead).
   */
  async runDownload<T extends { body: ReadableStream<Uint8Array> }>(
    organisationId: string,
    work: () => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    const release = await this.take(organisationId, signal)
    try {
      const result = await work()
      return { ...result, body: releaseWhenRead(result.body, release) }
    } catch (error) {
      release()
      throw error
    }
  }
}

/** A download whose reader takes no piece for this long is ended, and the turn given back. */
export const DOWNLOAD_IDLE_MS = 30_000
/** No download holds the turn longer than this, however steadily it is read. */
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
