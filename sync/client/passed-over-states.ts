import type { WireDocument } from '../protocol.ts'

/**
 * Pulled server states RxDB may have passed over (decision 018). RxDB does not write a
 * pulled state over a copy holding an edit it has not pushed yet, and moves its checkpoint
 * on: it counts on that edit's push to meet a conflict that brings the server's state. When
 * the edit is set back before its push goes (after a failed push, or while one is in
 * flight), the copy is again the state RxDB assumes the server holds, nothing is pushed,
 * and the passed-over state would never come. So each pulled state that replaces an older
 * copy is kept here until the copy holds it (or a later one); a write that leaves the copy
 * older (a local edit) asks for a pull, which offers the kept states again. Kept in memory:
 * a reload pushes what is pending and pulls from RxDB's checkpoint.
 */
export class PassedOverStates {
  readonly #states = new Map<string, WireDocument>()

  /** Pulled states that replace an older copy on this device. */
  note(documents: readonly WireDocument[]) {
    for (const document of documents) {
      const kept = this.#states.get(document.id)
      if (!kept || seqOf(kept) <= seqOf(document)) this.#states.set(document.id, document)
    }
  }

  /** `documents` with the kept states that are newer than theirs (or not among them). */
  withKept(documents: readonly WireDocument[]): WireDocument[] {
    if (this.#states.size === 0) return [...documents]
    const byId = new Map(documents.map((document) => [document.id, document]))
    for (const [id, kept] of this.#states) {
      const pulled = byId.get(id)
      if (!pulled || seqOf(pulled) < seqOf(kept)) byId.set(id, kept)
    }
    return [...byId.values()]
  }

  /**
   * A copy was written: at the kept state's seq or later it holds it; older, it holds an
   * edit and a kept state waits for it (true: pull, so that it is offered again).
   */
  written(id: string, seq: unknown): boolean {
    const kept = this.#states.get(id)
    if (!kept) return false
    if (typeof seq === 'number' && seq >= seqOf(kept)) {
      this.#states.delete(id)
      return false
    }
    return true
  }

  /** After a change of rights or a revoked collection: the pull reads everything anew. */
  clear() {
    this.#states.clear()
  }
}

function seqOf(document: WireDocument) {
  return typeof document.seq === 'number' ? document.seq : 0
}
