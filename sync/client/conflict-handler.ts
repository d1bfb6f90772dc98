import type { RxConflictHandler, WithDeleted } from 'rxdb'
import { type DocumentState, isSameDocumentState, mergeConflict } from '#schema/rx/merge-conflict'

/** How many unanswered states of one document are kept (the retries of one edit repeat one). */
const UNANSWERED_KEPT = 10

/**
 * States the device pushed without getting an answer, per document id: the server may have
 * taken any of them, so the merge of the next conflict counts them as the device's own
 * (mergeConflict). Filled by the push (replicateCollection), read by the conflict handler,
 * and forgotten once the server answers a push of that document without a conflict.
 */
export class UnansweredPushes {
  readonly #states = new Map<string, DocumentState[]>()

  add(state: DocumentState) {
    const id = String(state.id)
    const kept = (this.#states.get(id) ?? []).filter((old) => !isSameDocumentState(old, state))
    this.#states.set(id, [...kept, state].slice(-UNANSWERED_KEPT))
  }

  of(id: string): readonly DocumentState[] {
    return this.#states.get(id) ?? []
  }

  forget(id: string) {
    this.#states.delete(id)
  }
}

/**
 * RxDB's conflict handler for a collection: the master state wins, with the client's own
 * edits merged on top (mergeConflict), counting states pushed without an answer as the
 * client's (`unanswered`). A write the server refused must not be merged back, or it
 * would be pushed again forever: its id is in `refusedIds` until the revert to the master
 * state has been resolved here.
 */
export function createConflictHandler<T>(
  refusedIds: Set<string>,
  /** The collection's writable fields: only these are carried onto the server's state. */
  writableFields?: readonly string[],
  unanswered = new UnansweredPushes(),
): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => isSameDocumentState(a as DocumentState, b as DocumentState),
    async resolve(input) {
      const real = input.realMasterState as DocumentState
      const sent = unanswered.of(String(real.id))
      if (refusedIds.delete(String(real.id))) return input.realMasterState
      return mergeConflict(input as never, writableFields, sent) as WithDeleted<T>
    },
  }
}
