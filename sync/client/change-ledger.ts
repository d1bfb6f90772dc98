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

/**
 * What one collection's replication knows of the organisation's seqs (decision 018): up to
 * where it holds everything it may read (`completeTo`, from a pull's `upTo` or a range it
 * took), and the streamed ranges that followed, kept until the pull takes them. A range
 * continues the ledger when it starts at or before `completeTo`; one that starts later
 * means an event was missed, and the pull reads from the server instead. Kept in memory:
 * a new page or a reconnected stream starts with a RESYNC, which pulls.
 */
export class ChangeLedger {
  #completeTo: number | undefined
  #waiting: Omit<StreamedRange, 'documents'> | undefined
  readonly #documents = new Map<string, WireDocument>()

  /** A pull read everything up to `upTo` (a page that was not full). */
  caughtUp(upTo: number) {
    this.#completeTo = Math.max(this.#completeTo ?? 0, upTo)
    if (!this.#waiting) return
    // What the pull read is newer than or the same as what waited up to there.
    if (this.#waiting.to <= upTo) return this.#clear()
    for (const [id, document] of this.#documents) {
      if (typeof document.seq === 'number' && document.seq <= upTo) this.#documents.delete(id)
    }
  }

  /** Adds a streamed range; 'pull' when the pull must run (to take it, or to fill a gap). */
  add(range: StreamedRange): StreamedOutcome {
    const waiting = this.#waiting
    const continues =
      waiting &&
      range.from <= waiting.to &&
      range.access === waiting.access &&
      range.epoch === waiting.epoch
    if (!continues) this.#clear()
    const { documents, ...bounds } = range
    const next = continues ? { ...waiting, to: Math.max(waiting.to, range.to) } : bounds
    this.#waiting = next
    for (const document of documents) {
      const held = this.#documents.get(document.id)
      if (!held || Number(held.seq) <= Number(document.seq)) {
        this.#documents.set(document.id, document)
      }
    }
    // Nothing to store and nothing missed: the collection is simply complete up to `to`.
    if (this.#documents.size === 0 && this.#continues(next)) {
      this.#completeTo = next.to
      this.#clear()
      return 'held'
    }
    return 'pull'
  }

  /**
   * The waiting ranges as a pull's answer, when they continue what the replication holds
   * under the same rights and epoch; undefined: the pull must ask the server.
   */
  take(
    checkpoint: SyncCheckpoint | undefined,
    epoch: string | undefined,
  ): { documents: WireDocument[]; checkpoint: SyncCheckpoint } | undefined {
    const waiting = this.#waiting
    if (!this.#continues(waiting) || !checkpoint || checkpoint.resetting) return undefined
    if (waiting.access !== checkpoint.access || waiting.epoch !== epoch) return undefined
    const documents = [...this.#documents.values()]
    this.#completeTo = waiting.to
    this.#clear()
    return {
      documents,
      checkpoint: { seq: Math.max(checkpoint.seq, waiting.to), access: waiting.access },
    }
  }

  /** Forgets the waiting ranges (a RESYNC: the pull reads from the server). */
  forgetWaiting() {
    this.#clear()
  }

  /** Whether the waiting ranges start where (or before) the collection is complete. */
  #continues(
    waiting: Omit<StreamedRange, 'documents'> | undefined,
  ): waiting is Omit<StreamedRange, 'documents'> {
    return (
      waiting !== undefined && this.#completeTo !== undefined && waiting.from <= this.#completeTo
    )
  }

  #clear() {
    this.#waiting = undefined
    this.#documents.clear()
  }
}
