import { v7 as uuidv7 } from 'uuid'
import { ZodError, type z } from 'zod'
import { syncQueue } from '#schema/db/organisation'
import { describeZodError } from '#schema/describe-zod-error'
import { isSameValue } from '#schema/rx/merge-conflict'
import { keepRefusedValues } from '#schema/sync-refusals'
import type { ServiceContext } from '#server/context'
import { AppError } from '#server/errors/app-error'
import { isDatabaseBusy, isReadOnly } from '#server/http/handle-error'
import type { Logger } from '#server/logger'
import { requirePermission } from '#server/services/permissions/require-permission'
import { limitPersonRefusals } from '#server/services/sync-refusals/limit-person-refusals'
import type { PushBodySchema, PushResponse, WireDocument } from '#sync/protocol'
import type { AfterPush, ServerCollection } from './collection.ts'

type PushRow = z.infer<typeof PushBodySchema>['rows'][number]

const READ_ONLY = 'Deze gegevens kunnen alleen door de server gewijzigd worden'
/** Why an edit to a row deleted since the device last saw it is refused. */
export const DELETED_MEANWHILE = 'Dit item is intussen verwijderd'
/** Why an edit to a row the person may no longer read is refused. */
export const OUT_OF_REACH = 'Je hebt geen toegang meer tot dit item; de wijziging is niet verwerkt.'

function sameFields(fields: readonly string[], a: WireDocument, b: WireDocument) {
  return (
    a._deleted === b._deleted &&
    fields.every((field) => isSameValue(a[field] ?? null, b[field] ?? null))
  )
}

/**
 * The reason to give for a write the services refused. Anything else is the server's own
 * failure: it is thrown on, the batch answers 500 and the client sends it again later,
 * so an unexpected error never turns a person's change into a refusal.
 */
function reasonOf(error: unknown, log: Logger) {
  if (error instanceof AppError) return error.message
  if (error instanceof ZodError) return describeZodError(error)
  // The file busy or read-only (moving to another machine): the whole push is answered
  // 503 and the device sends it again; nothing is wrong with the write itself.
  if (isDatabaseBusy(error) || isReadOnly(error)) throw error
  log.error('push write failed', { error })
  throw error
}

/**
 * Whether the client's copy holds every field of the stored row as stored (the server's
 * own fields included: seq, paidAt, ...); a replay from a copy that does not is answered
 * with the stored row, so the device takes it over.
 */
function holdsStoredState(stored: WireDocument, next: WireDocument) {
  return Object.keys(stored).every(
    (key) => key === '_meta' || key === '_rev' || isSameValue(stored[key], next[key] ?? null),
  )
}

/** The server's seq a pushed document was last seen at (0: never, a document made here). */
function seqOf(document: WireDocument | null | undefined): number | undefined {
  return typeof document?.seq === 'number' ? document.seq : undefined
}

/**
 * Whether the client wrote on top of the stored state. RxDB's assumed state says so when it
 * has one; without it (a new replication identifier after a protocol change, or a client
 * that lost its bookkeeping) the document's own last-known seq does, so pending edits are
 * never lost to a conflict they did not have.
 */
function isBasedOnStored(
  stored: WireDocument | undefined,
  row: PushRow,
  collection: ServerCollection,
) {
  const { newDocumentState: next, assumedMasterState: assumed } = row
  const fields = collection.writableFields
  if (!stored) return assumed == null
  // Nothing was edited that a delete could overwrite; undoing a payment part made a moment
  // ago must not wait for its create's answer, or a new part sent after it is refused.
  if (collection.isNeverEdited && next._deleted) return true
  if (assumed) return sameFields(fields, stored, assumed)
  const seq = seqOf(next)
  return seq !== undefined && seq > 0 && seq === seqOf(stored)
}

/**
 * Applies a push batch in one synchronous transaction (no await inside), per row:
 * stored equals new → a replay: nothing is written, and the stored state is answered when
 * the client's copy lacks the server's fields (a create whose answer was lost keeps no
 * seq 0); written on top of the stored state (isBasedOnStored) → written through the
 * services with a new seq, and the written row answered so the device takes over the
 * server's fields; otherwise a conflict answered with the stored state. A write
 * the services refuse is answered with the stored state too, so the client reverts, and
 * recorded with its reason. Once the transaction committed, the system directory follows
 * the written rows (AfterPush), in the order they were written; one that fails answers the
 * push 500 with the rows kept, and each write orders its part so that this leaves nobody
 * an access the organisation's file no longer gives.
 */
export async function pushChanges(
  ctx: ServiceContext,
  collection: ServerCollection,
  rows: PushRow[],
  log: Logger,
): Promise<PushResponse> {
  // Whoever may not read a collection may not write it either, nor learn a stored row
  // from the conflict a push answers with.
  requirePermission(ctx.actor, collection.readPermission)
  const response: PushResponse = { conflicts: [], refused: [] }
  const fields = collection.writableFields
  const followUps: (() => Promise<void>)[] = []
  ctx.db.transaction((tx) => {
    const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] }
    for (const row of rows) {
      const next = row.newDocumentState
      const stored = storedState(txCtx, collection, next.id)
      if (collection.write && stored && sameFields(fields, stored, next)) {
        if (!holdsStoredState(stored, next)) response.conflicts.push(stored)
        continue
      }
      const lost = lostEdit(stored, row, collection)
      if (lost) {
        // The person's edit meets a row deleted meanwhile, or one they may no longer read:
        // it is refused with their values kept (Niet verwerkte wijzigingen), and the device
        // takes the server's state (a row out of reach comes back as a tombstone).
        response.conflicts.push(stored ?? { ...next, _deleted: true })
        response.refused.push({ id: next.id, reason: lost })
        recordRefusal(tx, ctx, collection, row, stored, lost)
        continue
      }
      if (!isBasedOnStored(stored, row, collection)) {
        if (stored) response.conflicts.push(stored)
        else if (row.assumedMasterState) response.conflicts.push({ ...next, _deleted: true })
        continue
      }
      try {
        // Each service runs its writes in its own (nested) transaction, so a refused
        // write leaves nothing behind.
        const followUp = applyWrite(txCtx, collection, next, stored)
        if (followUp) followUps.push(followUp)
        // The server sets fields of its own (seq, paidAt, ...). RxDB skips a pulled copy
        // while its push is in flight and then takes the pushed state as the server's, so
        // the stored row is answered here: the device holds what the server holds
        // whichever comes first, the pull or this answer.
        const written = storedState(txCtx, collection, next.id)
        if (written && !holdsStoredState(written, next)) response.conflicts.push(written)
      } catch (error) {
        const reason = reasonOf(error, log)
        response.conflicts.push(stored ?? { ...next, _deleted: true })
        response.refused.push({ id: next.id, reason })
        recordRefusal(tx, ctx, collection, row, stored, reason)
      }
    }
    if (response.refused.length > 0) limitPersonRefusals(txCtx.db, ctx.actor.userId ?? '')
  })
  for (const followUp of followUps) await followUp()
  return response
}

type Transaction = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0]

/**
 * Keeps a refused write with the person's values, for Niet verwerkte wijzigingen; the
 * push then keeps only the person's newest refusals (limitPersonRefusals).
 */
function recordRefusal(
  tx: Transaction,
  ctx: ServiceContext,
  collection: ServerCollection,
  row: PushRow,
  stored: WireDocument | undefined,
  reason: string,
) {
  const next = row.newDocumentState
  // A row the person no longer reads is not stored for them, yet their copy was an edit.
  const isExisting = stored !== undefined || row.assumedMasterState != null
  tx.insert(syncQueue)
    .values({
      id: uuidv7(),
      organisationId: ctx.actor.organisationId,
      userId: ctx.actor.userId ?? '',
      operation: isExisting ? (next._deleted ? 'delete' : 'update') : 'create',
      entity: collection.name,
      entityId: next.id,
      // What the list shows (the writable fields, bounded), not the whole document.
      payload: keepRefusedValues(collection.name, next),
      status: 'refused',
      attempts: 1,
      createdAt: Date.now(),
      error: reason,
    })
    .run()
}

/**
 * Why an edit cannot land, when the row it was made on is gone for this person: deleted
 * meanwhile, or out of their reach (a right or a line withdrawn, so the read filter no
 * longer finds it). Undefined when the row is there, when the push deletes it anyway, or
 * when the copy holds no edit of the person's (a copy equal to the state it was based on
 * is the server's own, outdated, and silently takes the server's state).
 */
function lostEdit(
  stored: WireDocument | undefined,
  row: PushRow,
  collection: ServerCollection,
): string | undefined {
  const { newDocumentState: next, assumedMasterState: assumed } = row
  if (next._deleted) return undefined
  const isGone = stored === undefined ? assumed != null : stored._deleted
  if (!isGone) return undefined
  if (assumed && sameFields(collection.writableFields, { ...assumed, _deleted: false }, next)) {
    return undefined
  }
  return stored ? DELETED_MEANWHILE : OUT_OF_REACH
}

/** The stored row as the wire carries it (a tombstone included), or undefined. */
function storedState(ctx: ServiceContext, collection: ServerCollection, id: string) {
  const found = collection.findDocument(ctx, id)
  return found && ({ ...found.document, id, _deleted: found.deleted } as WireDocument)
}

function applyWrite(
  ctx: ServiceContext,
  collection: ServerCollection,
  next: WireDocument,
  stored: WireDocument | undefined,
): AfterPush {
  const write = collection.write
  if (!write) throw new AppError('forbidden', READ_ONLY)
  if (!stored) {
    if (next._deleted) return
    const fields = collection.createFields ?? collection.writableFields
    const values = Object.fromEntries(fields.map((field) => [field, next[field]]))
    return write.create(ctx, next.id, values)
  } else if (next._deleted) {
    return write.delete(ctx, next.id)
  } else if (stored._deleted) {
    throw new AppError('conflict', DELETED_MEANWHILE)
  } else {
    const changes = Object.fromEntries(
      collection.writableFields
        .filter((field) => !isSameValue(next[field] ?? null, stored[field] ?? null))
        .map((field) => [field, next[field]]),
    )
    return write.update(ctx, next.id, changes, next)
  }
}
