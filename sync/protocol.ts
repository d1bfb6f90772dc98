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
 */
export type PullResponse = {
  documents: WireDocument[]
  checkpoint: SyncCheckpoint
  reset?: boolean
}

/** A write the server refused, with the reason to show to the person who made it. */
export type RefusedWrite = { id: string; reason: string }

/** POST /api/sync/v1/:collection/push answers this: conflicts carry the stored state. */
export type PushResponse = { conflicts: WireDocument[]; refused: RefusedWrite[] }

/** The event of GET /api/sync/v1/stream: which collections changed (or RESYNC). */
export type StreamMessage = { type: 'RESYNC' } | { type: 'CHANGE'; collections: string[] }

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
