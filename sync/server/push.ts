import { v7 as uuidv7 } from 'uuid'
import { ZodError, type z } from 'zod'
import { syncQueue } from '#schema/db/organisation'
import type { ServiceContext } from '#server/context'
import { AppError } from '#server/http/app-error'
import type { Logger } from '#server/logger'
import { requirePermission } from '#server/services/permissions/require-permission'
import type { PushBodySchema, PushResponse, WireDocument } from '../protocol.ts'
import type { ServerCollection } from './collection.ts'

type PushRow = z.infer<typeof PushBodySchema>['rows'][number]

const READ_ONLY = 'Deze gegevens kunnen alleen door de server gewijzigd worden'

function sameFields(fields: readonly string[], a: WireDocument, b: WireDocument) {
  return (
    a._deleted === b._deleted && fields.every((field) => (a[field] ?? null) === (b[field] ?? null))
  )
}

function reasonOf(error: unknown, log: Logger) {
  if (error instanceof AppError) return error.message
  if (error instanceof ZodError) {
    const issue = error.issues[0]
    return issue ? `${issue.path.join('.')}: ${issue.message}` : 'Ongeldige invoer'
  }
  log.error('push write failed', { error })
  return 'De server kon deze wijziging niet verwerken'
}

/**
 * Applies a push batch in one synchronous transaction (no await inside), per row:
 * stored equals new → a replay, success without a new seq; stored equals the assumed
 * state (or neither exists) → written through the services with a new seq; otherwise a
 * conflict answered with the stored state. A write the services refuse is answered with
 * the stored state too, so the client reverts, and recorded with its reason.
 */
export function pushChanges(
  ctx: ServiceContext,
  collection: ServerCollection,
  rows: PushRow[],
  log: Logger,
): PushResponse {
  // Whoever may not read a collection may not write it either, nor learn a stored row
  // from the conflict a push answers with.
  requirePermission(ctx.actor, collection.readPermission)
  const response: PushResponse = { conflicts: [], refused: [] }
  const fields = collection.writableFields
  ctx.db.transaction((tx) => {
    const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] }
    for (const { newDocumentState: next, assumedMasterState: assumed } of rows) {
      const found = collection.findDocument(txCtx, next.id)
      const stored =
        found && ({ ...found.document, id: next.id, _deleted: found.deleted } as WireDocument)
      if (collection.write && stored && sameFields(fields, stored, next)) continue
      const isExpected = stored
        ? assumed != null && sameFields(fields, stored, assumed)
        : assumed == null
      if (!isExpected) {
        if (stored) response.conflicts.push(stored)
        continue
      }
      try {
        // Each service runs its writes in its own (nested) transaction, so a refused
        // write leaves nothing behind.
        applyWrite(txCtx, collection, next, stored)
      } catch (error) {
        const reason = reasonOf(error, log)
        response.conflicts.push(stored ?? { ...next, _deleted: true })
        response.refused.push({ id: next.id, reason })
        tx.insert(syncQueue)
          .values({
            id: uuidv7(),
            organizationId: ctx.actor.organisationId,
            userId: ctx.actor.userId ?? '',
            operation: stored ? (next._deleted ? 'delete' : 'update') : 'create',
            entity: collection.name,
            entityId: next.id,
            payload: next,
            status: 'refused',
            attempts: 1,
            createdAt: Date.now(),
            error: reason,
          })
          .run()
      }
    }
  })
  return response
}

function applyWrite(
  ctx: ServiceContext,
  collection: ServerCollection,
  next: WireDocument,
  stored: WireDocument | undefined,
) {
  const write = collection.write
  if (!write) throw new AppError('forbidden', READ_ONLY)
  if (!stored) {
    if (next._deleted) return
    const fields = collection.createFields ?? collection.writableFields
    const values = Object.fromEntries(fields.map((field) => [field, next[field]]))
    write.create(ctx, next.id, values)
  } else if (next._deleted) {
    write.delete(ctx, next.id)
  } else if (stored._deleted) {
    throw new AppError('conflict', 'Dit item is intussen verwijderd')
  } else {
    const changes = Object.fromEntries(
      collection.writableFields
        .filter((field) => (next[field] ?? null) !== (stored[field] ?? null))
        .map((field) => [field, next[field]]),
    )
    write.update(ctx, next.id, changes)
  }
}
