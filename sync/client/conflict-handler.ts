import type { RxConflictHandler, WithDeleted } from 'rxdb'
import { type DocumentState, isSameDocumentState, mergeConflict } from '#schema/rx/merge-conflict'

/**
 * RxDB's conflict handler for a collection: the master state wins, with the client's own
 * edits merged on top (mergeConflict). A write the server refused must not be merged
 * back, or it would be pushed again forever: its id is in `refusedIds` until the revert
 * to the master state has been resolved here.
 */
export function createConflictHandler<T>(
  refusedIds: Set<string>,
  /** The collection's writable fields: only these are carried onto the server's state. */
  writableFields?: readonly string[],
): RxConflictHandler<T> {
  return {
    isEqual: (a, b) => isSameDocumentState(a as DocumentState, b as DocumentState),
    async resolve(input) {
      const real = input.realMasterState as DocumentState
      if (refusedIds.delete(String(real.id))) return input.realMasterState
      return mergeConflict(input as never, writableFields) as WithDeleted<T>
    },
  }
}
