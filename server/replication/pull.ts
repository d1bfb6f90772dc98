import type { ServiceContext } from '#server/context'
import { readReplicationSeq } from '#server/db/next-seq'
import { requirePermission } from '#server/services/permissions/require-permission'
import type { PullResponse, WireDocument } from '#sync/protocol'
import { getAccessKey } from './access-key.ts'
import type { ServerCollection } from './collection.ts'

/**
 * One page of changes after the checkpoint, in commit (seq) order. A checkpoint made under
 * other rights than the actor's now (`access`) counts for nothing: the page starts at the
 * beginning and says so (`reset`), so the device receives what it gained and can drop
 * what it lost.
 */
export function pullChanges(
  ctx: ServiceContext,
  collection: ServerCollection,
  from: number,
  limit: number,
  access?: string,
): PullResponse {
  requirePermission(ctx.actor, collection.readPermission)
  const current = getAccessKey(ctx.actor)
  const reset = access !== undefined && access !== current && from > 0
  const checkpoint = reset ? 0 : from
  // Read first: every row up to it is committed, so a short page holds all there is up to
  // it, whatever commits meanwhile.
  const through = readReplicationSeq(ctx.db)
  const changes = collection.selectChanges(ctx, checkpoint, limit, through)
  const last = changes.at(-1)
  return {
    ...(reset && { reset }),
    ...(changes.length < limit && { upTo: through }),
    documents: toWireDocuments(changes),
    checkpoint: { seq: last ? last.seq : checkpoint, access: current },
  }
}

/**
 * Selected changes as they travel. Each document is made for one answer alone: completed
 * in place, not copied (a page is a thousand of them).
 */
export function toWireDocuments(
  changes: ReturnType<ServerCollection['selectChanges']>,
): WireDocument[] {
  return changes.map(({ document, deleted }) =>
    Object.assign(document, { id: String(document.id), _deleted: deleted }),
  )
}
