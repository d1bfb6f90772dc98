import type { ServiceContext } from '#server/context'
import { requirePermission } from '#server/services/permissions/require-permission'
import type { PullResponse } from '../protocol.ts'
import type { ServerCollection } from './collection.ts'

/** One page of changes after the checkpoint, in commit (seq) order. */
export function pullChanges(
  ctx: ServiceContext,
  collection: ServerCollection,
  checkpoint: number,
  limit: number,
): PullResponse {
  requirePermission(ctx.actor, collection.readPermission)
  const changes = collection.selectChanges(ctx, checkpoint, limit)
  const last = changes.at(-1)
  return {
    documents: changes.map((change) => ({
      ...change.document,
      id: String(change.document.id),
      _deleted: change.deleted,
    })),
    checkpoint: { seq: last ? last.seq : checkpoint },
  }
}
