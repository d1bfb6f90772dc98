import type { SyncCheckpoint, WireDocument } from '../protocol.ts'

/** One collection's part of a streamed range (StreamedChanges). */
export type StreamedRange = {
  from: number
  to: number
  access: string
  epoch: string
  documents: readonly WireDocument[]
}

/** What the replication's pull does with a streamed range: nothing, or pull (take it). */
export type StreamedOutcome = 'held' | 'pull'

type Bounds = Omit<StreamedRange, 'documents'>

/**
 * What one collection's replication knows of the organisation's seqs (decision 018): up to
 * where it holds everything it may read (`complete`, from a pull's `upTo` or a range it
 * took, with the rights it was read under), and the streamed ranges that followed, kept
 * until the pull takes them. A range continues the ledger when it starts at or before
 * where the collection is complete; one that starts later means an event was missed, and
 * the pull asks the server. So does every pull after a RESYNC (`forget`), until one
 * catches up. Kept in memory: a new page or a reconnected stream starts with a RESYNC.
 */
export class ChangeLedger {
  #complete: { seq: number; access: string; epoch: string | undefined } | undefined
  #waiting: Bounds | undefined
  readonly #documents = new Map<string, WireDocument>()

  /** A pull under `access` in `epoch` read everything up to `upTo` (a page not full). */
  caughtUp(upTo: number, access: string, epoch: string | undefined) {
    this.#complete = { seq: upTo, access, epoch }
    const waiting = this.#waiting
    if (!waiting) return
    // What the pull read is newer than or the same as what waited up to there.
    if (waiting.to <= upTo) return this.#clear()
    for (const [id, document] of this.#documents) {
      if (typeof document.seq === 'number' && document.seq <= upTo) this.#documents.delete(id)
    }
  }

  /** Adds a streamed range; 'pull' when the pull must run (to take it, or to fill a gap). */
  add(range: StreamedRange): StreamedOutcome {
    const { documents, ...bounds } = range
    const waiting = this.#waiting
    const continues =
      waiting !== undefined &&
      bounds.from <= waiting.to &&
      bounds.access === waiting.access &&
      bounds.epoch === waiting.epoch
    if (!continues) this.#clear()
    const next = continues ? { ...waiting, to: Math.max(waiting.to, bounds.to) } : bounds
    this.#waiting = next
    for (const document of documents) {
      const held = this.#documents.get(document.id)
      if (!held || Number(held.seq) <= Number(document.seq)) {
        this.#documents.set(document.id, document)
      }
    }
    // Nothing to store and nothing missed: the collection is simply complete up to `to`.
    const complete = this.#complete
    if (this.#documents.size === 0 && complete && this.#isContinued(next)) {
      this.#complete = { ...complete, seq: Math.max(complete.seq, next.to) }
      this.#clear()
      return 'held'
    }
    return 'pull'
  }

  /**
   * A pull's answer without asking the server: what waits (perhaps nothing), when it
   * continues what the collection holds under the same rights and epoch; undefined: the
   * pull must ask the server.
   */
  take(
    checkpoint: SyncCheckpoint | undefined,
    epoch: string | undefined,
  ): { documents: WireDocument[]; checkpoint: SyncCheckpoint } | undefined {
    const complete = this.#complete
    const waiting = this.#waiting
    if (!complete || checkpoint?.resetting || epoch === undefined) return undefined
    if (complete.epoch !== epoch || (checkpoint && checkpoint.access !== complete.access)) {
      return undefined
    }
    if (waiting && !this.#isContinued(waiting)) return undefined
    const documents = [...this.#documents.values()]
    const seq = Math.max(checkpoint?.seq ?? 0, complete.seq, waiting?.to ?? 0)
    this.#complete = { ...complete, seq }
    this.#clear()
    return { documents, checkpoint: { seq, access: complete.access } }
  }

  /** A RESYNC: the pulls ask the server again until one catches up. */
  forget() {
    this.#complete = undefined
    this.#clear()
  }

  /** Whether the waiting ranges continue, under the same rights and epoch, what is held. */
  #isContinued(waiting: Bounds) {
    const complete = this.#complete
    return (
      complete !== undefined &&
      waiting.from <= complete.seq &&
      waiting.access === complete.access &&
      waiting.epoch === complete.epoch
    )
  }

  #clear() {
    this.#waiting = undefined
    this.#documents.clear()
  }
}
