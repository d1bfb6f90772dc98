import type { ServiceContext } from '#server/context'
import {
  MAX_STREAMED_DOCUMENTS,
  type StreamedChanges,
  type StreamMessage,
  type WireDocument,
} from '../protocol.ts'
import { getAccessKey } from './access-key.ts'
import type { ServerCollection } from './collection.ts'
import { toWireDocuments } from './pull.ts'
import type { ChangeBatch } from './sync-hub.ts'

/** The collections of an area the actor may read, and so is told of. */
export function findReadableCollections(
  collections: Iterable<ServerCollection>,
  area: ServerCollection['area'],
  ctx: ServiceContext,
) {
  return [...collections].filter(
    (collection) =>
      collection.area === area && ctx.actor.permissions.has(collection.readPermission),
  )
}

/**
 * A batch as one listener may read it, as the text of its event: per collection what the
 * listener's pull would answer for the batch's range (the same selectChanges, read filter
 * and projection, so a stream never carries what the pull would not). Listeners who read
 * the same (one access key, and for a personal view one person) share one reading. More
 * than MAX_STREAMED_DOCUMENTS in a collection (a restore, an import) is a RESYNC: the
 * devices pull it in pages instead.
 */
export function describeBatch(
  batch: ChangeBatch,
  ctx: ServiceContext,
  readable: readonly ServerCollection[],
): string {
  const access = getAccessKey(ctx.actor)
  const isPersonal = readable.some((collection) => collection.isPersonal?.(ctx.actor))
  const view = `${readable.map((collection) => collection.name).join()}|${access}|${isPersonal ? ctx.actor.userId : ''}`
  return batch.readOnce(view, () => JSON.stringify(readBatch(batch, ctx, readable, access)))
}

function readBatch(
  batch: ChangeBatch,
  ctx: ServiceContext,
  readable: readonly ServerCollection[],
  access: string,
): StreamMessage {
  const documents: Record<string, WireDocument[]> = {}
  for (const collection of readable) {
    const changes = collection.selectChanges(ctx, batch.from, MAX_STREAMED_DOCUMENTS + 1, batch.to)
    if (changes.length > MAX_STREAMED_DOCUMENTS) return { type: 'RESYNC' }
    if (changes.length === 0) continue
    documents[collection.name] = toWireDocuments(changes)
  }
  const message: StreamedChanges = {
    type: 'CHANGES',
    from: batch.from,
    to: batch.to,
    epoch: String(batch.epoch),
    access,
    documents,
  }
  return message
}
