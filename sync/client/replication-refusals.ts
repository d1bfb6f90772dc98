import { pickRefusedValues } from '#schema/sync-refusals'
import type { WireDocument } from '../protocol.ts'
import type { UnansweredPushes } from './conflict-handler.ts'
import { keepDeviceRefusals } from './device-refusals.ts'
import type { fetchPush, SyncAccount } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'

// What a push's answer leaves to keep (replication-push.ts): the refusals the person sees,
// the ids the conflict handler reverts, the states no longer waiting for an answer.

const NO_ACCESS = 'Je hebt geen toegang meer tot deze gegevens; de wijziging is niet verwerkt.'

type PushAnswer = Awaited<ReturnType<typeof fetchPush>>

/** A pushed row: the copy sent and the state RxDB assumes the server holds. */
export type PushedRow = { newDocumentState: WireDocument; assumedMasterState?: WireDocument }

/** The refusals of one collection's pushes and where they are kept. */
export type RefusalBook = {
  remote: string
  labelField?: string
  status: SyncStatusStore
  account: SyncAccount
  /** Marked refused: the conflict handler reverts them to the server's state. */
  refusedIds: Set<string>
  /** Where states pushed without an answer are kept: the collection's conflict handler's. */
  unanswered?: UnansweredPushes
}

/** The name a refusal shows: the document's label field, else its id. */
export function labelOf(
  labelField: string | undefined,
  document: WireDocument | undefined,
  id: string,
) {
  const label = labelField ? document?.[labelField] : undefined
  return typeof label === 'string' && label ? label : id
}

/**
 * The answer to a batch refused with 403 (rights withdrawn): nothing of it will ever be
 * taken. The server keeps no record of it, so the device does, with the person's values;
 * a removal that only echoes an earlier refused change is not the person's (isEcho).
 */
export async function refuseWithdrawn(book: RefusalBook, rows: PushedRow[]): Promise<PushAnswer> {
  const { remote, account } = book
  const echoes = await keepDeviceRefusals(
    { ...account, area: account.area ?? 'central' },
    rows.map(({ newDocumentState: next, assumedMasterState }) => ({
      collection: remote,
      operation: !assumedMasterState ? 'create' : next._deleted ? 'delete' : 'update',
      entityId: next.id,
      label: labelOf(book.labelField, next, next.id),
      reason: NO_ACCESS,
      values: pickRefusedValues(remote, next),
    })),
  )
  const refused = rows
    .filter((row) => !echoes.has(row.newDocumentState.id))
    .map((row) => ({ id: row.newDocumentState.id, reason: NO_ACCESS }))
  return { conflicts: [], refused }
}

/**
 * Keeps what an answered push says: what the server holds is known again, except where it
 * says conflict; a refused write is recorded in the status store (shown to the person)
 * and its id marked, so that the conflict handler reverts it instead of merging it.
 */
export function noteAnswer(book: RefusalBook, rows: PushedRow[], answer: PushAnswer) {
  const conflicting = new Set(answer.conflicts.map((conflict) => String(conflict.id)))
  for (const row of rows) {
    if (!conflicting.has(row.newDocumentState.id)) {
      book.unanswered?.forget(row.newDocumentState.id)
    }
  }
  for (const refusal of answer.refused) {
    book.refusedIds.add(refusal.id)
    const row = rows.find((candidate) => candidate.newDocumentState.id === refusal.id)
    book.status.addRefused({
      ...refusal,
      collection: book.remote,
      label: labelOf(book.labelField, row?.newDocumentState, refusal.id),
      at: Date.now(),
    })
  }
}
