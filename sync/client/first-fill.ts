import {
  getMetaWriteRow,
  type RxCollection,
  type RxStorageInstanceReplicationState,
  type RxStorageWriteError,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { now } from 'rxdb/plugins/utils'
import { MAX_PULL_LIMIT, type SyncCheckpoint, type WireDocument } from '../protocol.ts'
import { fetchPull, type SyncAccount, SyncHttpError, type SyncTransport } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'

/**
 * Upstream checkpoint after every filled document: RxDB's Dexie storage orders its changes
 * by (last write time, id), every filled document has the fill's write time, and no id
 * sorts after this one.
 */
const AFTER_EVERY_ID = '\uffff'

/** Where a collection's replication starts after its first fill. */
export type FilledCollection = {
  /** The server's checkpoint after the last stored page. */
  pull: SyncCheckpoint
  /** RxDB's storage checkpoint after the filled documents: only later writes are pushed. */
  push: { id: string; lwt: number }
  /** Whether every page was stored (else the replication pulls the rest). */
  isComplete: boolean
  /** The stored pages as the server sent them: the states RxDB assumes the server holds. */
  pages: WireDocument[][]
}

/**
 * Fills an empty collection from the server before its replication starts (decision 011).
 * RxDB's own pull stores each page twice (the document, and in its meta store the state it
 * assumes the server holds, for conflict detection), reading both stores first: four
 * indexed stores per page where the first sync needs one. Here each page is one write of
 * the documents, marked as RxDB marks a state that came from the server (revision 1 of this
 * replication, `_meta.o`), so that later pulls overwrite them as they would their own; the
 * meta states follow once everything is local (writeAssumedStates). Answers undefined when
 * the server refuses the collection (the replication then handles it as before); a page
 * that fails ends the fill where it is, and the replication goes on from the last stored
 * page.
 */
export async function fillCollection(options: {
  collection: RxCollection
  remote: string
  replicationIdentifier: string
  status: SyncStatusStore
  account: SyncAccount
  transport?: SyncTransport
}): Promise<FilledCollection | undefined> {
  const { collection, remote, status, account, transport } = options
  const hash = await collection.database.hashFunction(
    `rxdbreplication${options.replicationIdentifier}`,
  )
  const lwt = now()
  const pages: WireDocument[][] = []
  const fetchPage = (checkpoint: SyncCheckpoint) =>
    fetchPull(remote, checkpoint.seq, MAX_PULL_LIMIT, status, account, transport, checkpoint.access)
  let pull: SyncCheckpoint = { seq: 0 }
  let next = fetchPage(pull)
  let isComplete = false
  try {
    for (;;) {
      const page = await next
      const isLast = page.documents.length < MAX_PULL_LIMIT
      // The next page travels while this one is stored.
      if (!isLast) next = fetchPage(page.checkpoint)
      const documents = page.documents.filter((document) => !document._deleted)
      await storePage(collection, documents, lwt, hash)
      pages.push(documents)
      pull = page.checkpoint
      countReceived(status, page.documents.length)
      if (isLast) break
    }
    isComplete = true
  } catch (error) {
    // Refused (403), no connection, a failed store: the replication takes over from here.
    if (!(error instanceof SyncHttpError && error.status === 403)) {
      console.warn(`first fill of ${remote} stopped:`, error)
    }
    if (pages.length === 0) return undefined
  }
  return { pull, push: { id: AFTER_EVERY_ID, lwt }, isComplete, pages }
}

/** One page as RxDB's pull would have stored it, in one write. */
async function storePage(
  collection: RxCollection,
  documents: readonly WireDocument[],
  lwt: number,
  hash: string,
) {
  if (documents.length === 0) return
  const rows = documents.map((document) => ({
    document: {
      ...document,
      _attachments: {},
      _rev: `1-${hash}`,
      _meta: { lwt, o: { _rev: 1, hash } },
    },
  }))
  // Into the storage itself: the collection's wrapper would give each new document a write
  // time and revision of its own, and the replication would push them all back.
  const storage = collection.internalStorageInstance
  const result = await collection.database.lockedRun(() =>
    storage.bulkWrite(rows as never, 'first-fill'),
  )
  // A 409: the person created that document meanwhile; their version stays and is pushed.
  const failed = result.error.find((error: RxStorageWriteError<unknown>) => error.status !== 409)
  if (failed) throw new Error(`storing ${collection.name} failed: ${failed.status}`)
}

/**
 * Writes, for every filled document, the state RxDB assumes the server holds: what its
 * own pull would have written beside the document, so that a later edit conflicting with
 * someone else's is merged field by field (schema/rx/merge-conflict.ts) instead of lost.
 * A state the replication wrote meanwhile is newer and stays (a 409 here).
 */
export async function writeAssumedStates(
  replication: RxReplicationState<unknown, SyncCheckpoint>,
  filled: FilledCollection,
) {
  await replication.startPromise
  const state = replication.internalReplicationState as
    | RxStorageInstanceReplicationState<unknown>
    | undefined
  const meta = replication.metaInstance
  if (!state || !meta) return
  for (const page of filled.pages) {
    if (replication.isStopped()) return
    const rows = await Promise.all(
      page.map((document) => getMetaWriteRow(state, document as never, undefined)),
    )
    await meta.bulkWrite(rows as never, 'first-fill-meta')
  }
  filled.pages.length = 0
}

function countReceived(status: SyncStatusStore, count: number) {
  const { firstSync } = status.get()
  if (firstSync && count > 0) status.update({ firstSync: { received: firstSync.received + count } })
}
