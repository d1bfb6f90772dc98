import { z } from '#schema/zod'

/** The replication protocol version; it is part of every sync path (/api/sync/v1/...). */
export const SYNC_PROTOCOL_VERSION = 1

/**
 * Where a client's replication of one collection stands: the last seq it has, and the
 * rights it was read under (`access`, from the server). `resetting`: the client is
 * reading everything again after its rights changed and drops, at the end, what did not
 * come back.
 */
export type SyncCheckpoint = { seq: number; access?: string; resetting?: boolean }

/** A replicated document on the wire: the collection's fields plus the tombstone flag. */
export type WireDocument = { id: string; _deleted: boolean } & Record<string, unknown>

/**
 * GET /api/sync/v1/:collection/pull?checkpoint=&limit=&access= answers this. `reset`: the
 * person's rights changed since `access`; this page starts again at the beginning.
 * `upTo`, on a page that is not full: the organisation's seq when it was read; the device
 * holds everything it may read up to there, and a streamed change from there on follows.
 */
export type PullResponse = {
  documents: WireDocument[]
  checkpoint: SyncCheckpoint
  reset?: boolean
  upTo?: number
}

/** A write the server refused, with the reason to show to the person who made it. */
export type RefusedWrite = { id: string; reason: string }

/** POST /api/sync/v1/:collection/push answers this: conflicts carry the stored state. */
export type PushResponse = { conflicts: WireDocument[]; refused: RefusedWrite[] }

/**
 * The changes of the organisation's seqs `from` (excluded) to `to`, as one listener may read
 * them: per collection the documents its pull would answer for that range (collections
 * without any are left out), under the rights named `access`, in the epoch `epoch`. A
 * device that holds everything up to `from` or later applies them and then holds
 * everything up to `to`; any other pulls.
 */
export type StreamedChanges = {
  type: 'CHANGES'
  from: number
  to: number
  epoch: string
  access: string
  documents: Record<string, WireDocument[]>
}

/**
 * The event of GET /api/sync/v1/stream: RESYNC (pull every collection), and after a write
 * the changes themselves (`?documents=1`) or, for an older client, which collections
 * changed (CHANGE).
 */
export type StreamMessage =
  | { type: 'RESYNC' }
  | { type: 'CHANGE'; collections: string[] }
  | StreamedChanges

/** Most documents one collection's streamed changes carry; more make it a RESYNC. */
export const MAX_STREAMED_DOCUMENTS = 200

export { formatSyncAccount, OTHER_ACCOUNT_HEADER, SYNC_ACCOUNT_HEADER } from './account.ts'

/** Largest page a client may ask for. */
export const MAX_PULL_LIMIT = 1000

/** Largest push batch. */
export const MAX_PUSH_ROWS = 500

/** Query of a pull. */
export const PullQuerySchema = z.object({
  checkpoint: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_PULL_LIMIT).default(100),
  access: z.string().max(64).optional(),
})

/**
 * How deep a pushed document may nest: a sale's split is document → splits → line. A
 * deeper one is no document of ours; refused here, it never reaches a comparison, a
 * refusal record or an answer, whose JSON would overflow the stack (a 500).
 */
const MAX_DOCUMENT_DEPTH = 8

/** Whether no object or array in the value lies deeper than MAX_DOCUMENT_DEPTH (no recursion). */
function isShallow(value: unknown) {
  const stack: [unknown, number][] = [[value, 0]]
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const [item, depth] = entry
    if (typeof item !== 'object' || item === null) continue
    if (depth >= MAX_DOCUMENT_DEPTH) return false
    for (const child of Object.values(item)) stack.push([child, depth + 1])
  }
  return true
}

const WireDocumentSchema = z
  .looseObject({ id: z.string().min(1).max(64), _deleted: z.boolean() })
  .refine(isShallow, { message: 'Document is te diep genest' })

/** Body of a push: RxDB's rows, newest state and the state the client assumed. */
export const PushBodySchema = z.object({
  rows: z
    .array(
      z.object({
        newDocumentState: WireDocumentSchema,
        assumedMasterState: WireDocumentSchema.nullish(),
      }),
    )
    .max(MAX_PUSH_ROWS),
})
