import type { ServiceContext } from '#server/context'
import { MAX_STREAMED_DOCUMENTS, type StreamedChanges, type StreamMessage } from '#sync/protocol'
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

/** The RESYNC event's text. */
const RESYNC = JSON.stringify({ type: 'RESYNC' } satisfies StreamMessage)

/**
 * A batch as one listener may read it, as the text of its event: per collection what the
 * listener's pull would answer for the batch's range (the same selectChanges, read filter
 * and projection, so a stream never carries what the pull would not). Listeners whose
 * documents are the same share one reading: those with the same rights, and for a
 * personal view (a SELLER's own share) the same person. More than MAX_STREAMED_DOCUMENTS
 * in a collection (a restore, an import) is a RESYNC: the devices pull it in pages.
 * `access` is the listener's access key (getAccessKey), named in the event.
 */
export function describeBatch(
  batch: ChangeBatch,
  ctx: ServiceContext,
  readable: readonly ServerCollection[],
  access: string,
): string {
  const { actor } = ctx
  const isPersonal = readable.some((collection) => collection.isPersonal?.(actor))
  const view = [
    readable.map((collection) => collection.name).join(),
    [...actor.permissions].sort().join(),
    isPersonal ? `${actor.userId}/${actor.sellerId ?? ''}` : '',
  ].join('|')
  const documents = batch.readOnce(view, () => readDocuments(batch, ctx, readable))
  if (documents === undefined) return RESYNC
  // The shared documents' text inside this listener's own envelope.
  const { from, to } = batch
  const envelope = JSON.stringify({ type: 'CHANGES', from, to, epoch: String(batch.epoch), access })
  return `${envelope.slice(0, -1)},"documents":${documents}}`
}

/** The batch's documents per collection as JSON; undefined when too many for a stream. */
function readDocuments(
  batch: ChangeBatch,
  ctx: ServiceContext,
  readable: readonly ServerCollection[],
): string | undefined {
  const documents: StreamedChanges['documents'] = {}
  for (const collection of readable) {
    const changes = collection.selectChanges(ctx, batch.from, MAX_STREAMED_DOCUMENTS + 1, batch.to)
    if (changes.length > MAX_STREAMED_DOCUMENTS) return undefined
    if (changes.length > 0) documents[collection.name] = toWireDocuments(changes)
  }
  return JSON.stringify(documents)
}
