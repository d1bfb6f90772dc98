import type { RxCollection, RxStorageWriteError } from 'rxdb'
import { now } from 'rxdb/plugins/utils'
import {
  MAX_PULL_LIMIT,
  type PullResponse,
  type SyncCheckpoint,
  type WireDocument,
} from '../protocol.ts'
import type { FillMark, FillProgress } from './fill-progress.ts'
import { fetchPull, type SyncAccount, SyncHttpError, type SyncTransport } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'
import { writeWhereStored } from './worker-requests.ts'
import { yieldToPage } from './yield-to-page.ts'

/**
 * Upstream checkpoint after every filled document: RxDB's Dexie storage orders its changes
 * by (last write time, id), every filled document has the fill's write time, and no id
 * sorts after this one.
 */
const AFTER_EVERY_ID = '\uffff'

/** A document as the fill stored it (RxDB's storage form). */
export type StoredDocument = WireDocument & {
  _rev: string
  _meta: { lwt: number; o: { _rev: number; hash: string } }
  _attachments: Record<string, never>
}

/** Where a collection's replication starts after its first fill. */
export type FilledCollection = {
  /** The server's checkpoint after the last stored page. */
  pull: SyncCheckpoint
  /** RxDB's storage checkpoint after the filled documents: only later writes are pushed. */
  push: { id: string; lwt: number }
  /** Whether every page was stored (else the replication pulls the rest). */
  isComplete: boolean
  /** The write time of every filled document: how a resumed fill's are found again. */
  lwt: number
  /** What this fill stored, as stored; undefined for a resumed fill (stored partly before). */
  stored?: Map<string, StoredDocument>
}

/**
 * Fills an empty collection from the server before its replication starts (decision 011).
 * RxDB's own pull stores each page twice (the document, and in its meta store the state it
 * assumes the server holds, for conflict detection), reading both stores first: four
 * indexed stores per page where the first sync needs one. Here each page is one write of
 * the documents, marked as RxDB marks a state that came from the server (a revision of
 * this replication, `_meta.o`), so that later pulls overwrite them as they would their own;
 * the assumed states follow once replication has started (writeAssumedStates). A document
 * changed or deleted on the server while the fill runs comes again in a later page and
 * replaces the stored one. `progress` keeps where the fill stands; a fill cut off by a
 * reload goes on from its mark (`resume`). Answers undefined when the server refuses the
 * collection (the replication then handles it as before); a page that fails ends the fill
 * where it is, and the replication goes on from the last stored page.
 */
export async function fillCollection(options: {
  collection: RxCollection
  remote: string
  replicationIdentifier: string
  status: SyncStatusStore
  account: SyncAccount
  transport?: SyncTransport
  progress?: FillProgress
  /** The mark of a fill cut off earlier: its documents are stored, it goes on from there. */
  resume?: FillMark
  /** The first page, asked while the database opened (a new device, prefetchFirstPages). */
  firstPage?: Promise<PullResponse>
}): Promise<FilledCollection | undefined> {
  const { collection, remote, status, account, transport, progress, resume, firstPage } = options
  const hash = await collection.database.hashFunction(
    `rxdbreplication${options.replicationIdentifier}`,
  )
  const lwt = resume?.lwt ?? now()
  const stored = new Map<string, StoredDocument>()
  const fetchPage = (checkpoint: SyncCheckpoint) =>
    fetchPull(remote, checkpoint.seq, MAX_PULL_LIMIT, status, account, transport, checkpoint.access)
  let pull: SyncCheckpoint = resume?.pull ?? { seq: 0 }
  progress?.save(remote, { lwt, pull })
  let next = firstPage && !resume ? firstPage : fetchPage(pull)
  let isComplete = false
  try {
    for (;;) {
      const page = await next
      // Closed meanwhile (a logout, someone else signed in, the worker lost): nothing more
      // is asked, stored or marked; the marks left say where a next opening goes on.
      if (collection.closed) return undefined
      const isLast = page.documents.length < MAX_PULL_LIMIT
      // The next page travels while this one is stored.
      if (!isLast) next = fetchPage(page.checkpoint)
      if (resume) await findStoredBefore(collection, page.documents, { lwt, stored })
      await storePage(collection, page.documents, { lwt, hash, stored })
      pull = page.checkpoint
      progress?.save(remote, { lwt, pull })
      countReceived(status, page.documents.length)
      if (isLast) break
    }
    isComplete = true
  } catch (error) {
    // Refused (403), no connection, a failed store: the replication takes over from here.
    if (!(error instanceof SyncHttpError && error.status === 403)) {
      console.warn(`first fill of ${remote} stopped:`, error)
    }
    if (pull.seq === 0 && !resume) {
      progress?.clear(remote)
      return undefined
    }
  }
  return {
    pull,
    push: { id: AFTER_EVERY_ID, lwt },
    isComplete,
    lwt,
    stored: resume ? undefined : stored,
  }
}

/**
 * A resumed fill's documents stored before the reload, as the fill stored them (its write
 * time): a page replaces them as it would its own. One written since (by the person, or
 * pulled) is not the fill's and stays.
 */
async function findStoredBefore(
  collection: RxCollection,
  documents: readonly WireDocument[],
  fill: { lwt: number; stored: Map<string, StoredDocument> },
) {
  const ids = documents.map((document) => document.id).filter((id) => !fill.stored.has(id))
  if (ids.length === 0) return
  const found = (await collection.internalStorageInstance.findDocumentsById(
    ids,
    true,
  )) as unknown as StoredDocument[]
  for (const document of found) {
    if (document._meta.lwt === fill.lwt) fill.stored.set(document.id, document)
  }
}

/**
 * One page as RxDB's pull would have stored it, in one write: new documents inserted, one
 * stored earlier in this fill replaced (a tombstone included), a tombstone of a document
 * never stored left out.
 */
async function storePage(
  collection: RxCollection,
  documents: readonly WireDocument[],
  fill: { lwt: number; hash: string; stored: Map<string, StoredDocument> },
) {
  const { lwt, hash, stored } = fill
  const rows: { document: StoredDocument; previous?: StoredDocument }[] = []
  for (const document of documents) {
    const previous = stored.get(document.id)
    if (!previous && document._deleted) continue
    const height = (previous?._meta.o._rev ?? 0) + 1
    const row = {
      document: {
        ...document,
        _attachments: {},
        _rev: `${height}-${hash}`,
        _meta: { lwt, o: { _rev: height, hash } },
      },
      previous,
    }
    rows.push(row)
  }
  if (rows.length === 0) return
  // Into the storage itself: the collection's wrapper would give each new document a write
  // time and revision of its own, and the replication would push them all back. Straight
  // into IndexedDB where the storage is Dexie's and no query of the collection exists in
  // this tab (its answer would be kept current only by RxDB's change events, which this
  // write does not make): live queries wait while the database fills (useDatabaseQuery)
  // and the check whether it is empty counts the storage itself; a query made anyway (a
  // write's lookup) sends the rest of the fill through RxDB's write.
  // A part at a time, each in a task of its own: handing documents to the database worker
  // copies them on the page's thread. Each part looks again whether a query watches.
  const storage = collection.internalStorageInstance
  const isUnwatched = () => collection._queryCache._map.size === 0
  for (let start = 0; start < rows.length; start += ROWS_PER_WRITE) {
    await yieldToPage()
    const part = rows.slice(start, start + ROWS_PER_WRITE)
    const refused = await collection.database.lockedRun(async () => {
      const kept = await writeWhereStored(storage, part, isUnwatched)
      if (kept) return kept
      const result = await storage.bulkWrite(part as never, 'first-fill')
      // A 409: the person wrote that document meanwhile; their version stays and is pushed.
      const failed = result.error.find(
        (error: RxStorageWriteError<unknown>) => error.status !== 409,
      )
      if (failed) throw new Error(`storing ${collection.name} failed: ${failed.status}`)
      return new Set(result.error.map((error) => String(error.documentId)))
    })
    for (const row of part) {
      if (!refused.has(row.document.id)) stored.set(row.document.id, row.document)
    }
  }
}

/**
 * How many documents (or assumed states) go to the storage in one write, each write in a
 * task of its own: a write hands its documents to the database worker, which copies them
 * on the page's thread (a page of 1,000 sales in one task was over 100 ms on this machine).
 */
export const ROWS_PER_WRITE = 250

function countReceived(status: SyncStatusStore, count: number) {
  const { firstSync } = status.get()
  if (firstSync && count > 0) status.update({ firstSync: { received: firstSync.received + count } })
}

/**
 * On a device that has no local database of this name yet (a first sign-in, an empty
 * browser), the first page of each collection is asked at once, while RxDB opens
 * the database and its collections: the fill then starts storing instead of waiting for
 * the server. Undefined when the device has one, or cannot tell (no
 * `indexedDB.databases()`): it fills as before. RxDB's Dexie storage names each
 * collection's IndexedDB database `rxdb-dexie-<name>--…`.
 */
export async function prefetchFirstPages(options: {
  name: string
  remotes: readonly string[]
  status: SyncStatusStore
  account: SyncAccount
}): Promise<Map<string, Promise<PullResponse>> | undefined> {
  const { name, remotes, status, account } = options
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return
  const existing = await indexedDB.databases().catch(() => undefined)
  if (!existing || existing.some((database) => database.name?.startsWith(`rxdb-dexie-${name}--`)))
    return
  return new Map(
    remotes.map((remote) => {
      const page = fetchPull(remote, 0, MAX_PULL_LIMIT, status, account)
      page.catch(() => undefined) // the fill that takes it handles a failure
      return [remote, page]
    }),
  )
}
