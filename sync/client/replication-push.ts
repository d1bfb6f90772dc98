import type { ReplicationPushOptions, RxCollection } from 'rxdb'
import { isSameDocumentState } from '#schema/rx/merge-conflict'
import type { WireDocument } from '../protocol.ts'
import {
  noteAnswer,
  type PushedRow,
  type RefusalBook,
  refuseWithdrawn,
} from './replication-refusals.ts'
import type { createRetryBackoff } from './retry-backoff.ts'
import { AccountChangedError, fetchPush, SyncHttpError, type SyncTransport } from './sync-http.ts'
import { noteTrouble } from './sync-trouble.ts'

// The push half of a collection's replication (replicate-collection.ts): what RxDB calls
// with a batch of the device's changes, and what the server's answer leaves to keep.

const PUSH_BATCH = 50

type PushContext = RefusalBook & {
  collection: RxCollection
  transport?: SyncTransport
  backoff: ReturnType<typeof createRetryBackoff>
  /** Written after a first fill: nothing is pushed before the states it assumes. */
  assumedStatesWritten: () => Promise<void>
  /** Whether the replication was cancelled (a restore heard, a sign-out). */
  isStopped: () => boolean
}

/**
 * The push of one collection, in batches. A refused write is kept (replication-refusals.ts);
 * a failure (no network, 5xx) is retried with a growing wait, and a batch that may have
 * been taken is remembered as unanswered for the conflict handler.
 */
export function createPush(context: PushContext): ReplicationPushOptions<unknown> {
  const { collection, remote, status, account, transport } = context
  const pushBackoff = context.backoff
  return {
    batchSize: PUSH_BATCH,
    waitBeforePersist: () => context.assumedStatesWritten(),
    async handler(rows) {
      const wireRows = rows as unknown as PushedRow[]
      await pushBackoff.wait()
      // Cancelled while it waited (a restore heard, a sign-out): nothing more is sent.
      if (context.isStopped()) throw new Error(`${remote}: replication stopped`)
      const { current, outdated } = await splitOutdated(collection, wireRows)
      if (current.length === 0) return outdated as never[]
      let answer: Awaited<ReturnType<typeof fetchPush>>
      try {
        answer = await fetchPush(remote, current, status, account, transport)
      } catch (error) {
        if (mayHaveBeenTaken(error)) {
          for (const row of current) context.unanswered?.add(row.newDocumentState)
        }
        if (!(error instanceof SyncHttpError && error.status === 403)) {
          pushBackoff.failed()
          noteTrouble(status, error)
          throw error
        }
        answer = await refuseWithdrawn(context, current)
      }
      pushBackoff.succeeded()
      status.update({ trouble: null })
      noteAnswer(context, current, answer)
      return [...answer.conflicts, ...outdated] as never[]
    },
  }
}

/**
 * The rows of a push split into those the device still holds as they are and those it
 * no longer does. RxDB reads the copies it pushes (after a RESYNC, every copy written
 * since its upstream checkpoint) before their batch's turn, but the state it assumes the
 * server holds only when the batch goes: a pull stored while an earlier batch is in
 * flight moves both the copy and that state on, and the older copy went out as an edit
 * of the newer state and was written over it (decision 008). A copy that moved on is
 * not sent: a newer one the person wrote is pushed on its own, one a pull wrote is the
 * server's already. Its row is answered as a conflict with the copy held now; RxDB
 * writes the resolved copy on top of the outdated one, so the storage refuses that write
 * (409) and neither the copy nor the assumed state changes.
 */
async function splitOutdated<T extends { newDocumentState: WireDocument }>(
  collection: RxCollection,
  rows: T[],
) {
  const held = await collection.storageInstance.findDocumentsById(
    rows.map((row) => row.newDocumentState.id),
    true,
  )
  const heldById = new Map(held.map((document) => [String(document.id), document]))
  const current: T[] = []
  const outdated: WireDocument[] = []
  for (const row of rows) {
    const copy = heldById.get(row.newDocumentState.id) as WireDocument | undefined
    if (copy && !isSameDocumentState(copy, row.newDocumentState)) {
      const { _meta, _rev, _attachments, ...fields } = copy
      outdated.push(fields as WireDocument)
    } else {
      current.push(row)
    }
  }
  return { current, outdated }
}

/**
 * Whether a failed push may still have been written: a lost answer (a network failure,
 * which may also be a call that never left) or a 5xx. Not a call this page held back
 * (another account) nor a refusal (4xx).
 */
function mayHaveBeenTaken(error: unknown) {
  if (error instanceof SyncHttpError) return error.status >= 500
  return !(error instanceof AccountChangedError)
}
