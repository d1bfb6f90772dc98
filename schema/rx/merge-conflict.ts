/** A replicated document state as RxDB's conflict handler sees it. */
export type DocumentState = { _deleted: boolean } & Record<string, unknown>

/** What a push conflict gives the client: the state it wrote, the state it assumed, the real one. */
export type ConflictInput<T extends DocumentState> = {
  newDocumentState: T
  assumedMasterState?: T
  realMasterState: T
}

// RxDB's bookkeeping travels beside the fields but is never merged.
const LOCAL_KEYS = new Set(['_meta', '_rev', '_attachments'])

/** Whether two JSON values are the same (documents hold primitives, arrays and plain objects). */
export function isSameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every((key) =>
    isSameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}

/** Whether two document states hold the same fields (RxDB's bookkeeping aside). */
export function isSameDocumentState(a: DocumentState, b: DocumentState): boolean {
  const fieldsOf = (state: DocumentState) =>
    Object.keys(state).filter((key) => !LOCAL_KEYS.has(key))
  const aKeys = fieldsOf(a)
  if (aKeys.length !== fieldsOf(b).length) return false
  return aKeys.every((key) => isSameValue(a[key], b[key]))
}

/**
 * Three-way merge of a push conflict that keeps RxDB's contract (the master state is the
 * base) but keeps the client's edits: every field the client changed relative to the
 * state it assumed is applied on top of the real master state. Two people editing
 * different fields both keep their edit; on the same field the later push wins.
 * A deletion on the server wins. `writableFields` (the collection's, schema/rx/
 * writable-fields.ts) limits what is carried over, so the server's own fields (seq,
 * paidAt, ...) always come from the server. Without an assumed state the client's
 * changes cannot be told apart and the master state is taken as it is, except for a
 * create of this device whose answer was lost (seq 0, it never saw the server's copy):
 * its later edits were made on its own create, so its writable fields are carried over.
 * `sentWithoutAnswer`: states of this document the device pushed without getting an answer
 * (no network, 5xx). The server may hold one of them, so a field the client has changed
 * since is carried over too, even when it is back at the assumed value: the person set it
 * back, and that is their last word.
 */
export function mergeConflict<T extends DocumentState>(
  input: ConflictInput<T>,
  writableFields?: readonly string[],
  sentWithoutAnswer: readonly T[] = [],
): T {
  const { newDocumentState: next, assumedMasterState: assumed, realMasterState: real } = input
  if (real._deleted) return real
  const base = assumed ?? (writableFields && next.seq === 0 ? real : undefined)
  if (!base) return real
  const merged: Record<string, unknown> = { ...real }
  const keys = writableFields
    ? [...writableFields, '_deleted']
    : new Set([...Object.keys(next), ...Object.keys(base)])
  const isClientEdit = (key: string) =>
    !isSameValue(next[key], base[key]) ||
    sentWithoutAnswer.some((sent) => !isSameValue(next[key], sent[key]))
  for (const key of keys) {
    if (LOCAL_KEYS.has(key) || !isClientEdit(key)) continue
    if (next[key] === undefined) delete merged[key]
    else merged[key] = next[key]
  }
  return merged as T
}
