import type { ReplicationPullOptions, RxCollection } from 'rxdb'
import type { PullResponse, SyncCheckpoint, WireDocument } from '../protocol.ts'
import type { PassedOverStates } from './passed-over-states.ts'
import type { createRetryBackoff } from './retry-backoff.ts'
import { fetchPull, type SyncAccount, SyncHttpError, type SyncTransport } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'
import type { SyncStream } from './sync-stream.ts'
import { noteTrouble } from './sync-trouble.ts'

// The pull half of a collection's replication (replicate-collection.ts): what RxDB calls
// for the next page of server states, and the rules for the rows it answers.

const PULL_BATCH = 1000

/** The checkpoint of a collection this person may no longer read at all (403). */
const REVOKED = 'revoked'

type PullContext = {
  collection: RxCollection
  remote: string
  stream: SyncStream
  status: SyncStatusStore
  account: SyncAccount
  transport?: SyncTransport
  passedOver: PassedOverStates
  backoff: ReturnType<typeof createRetryBackoff>
  /** Written after a first fill: RxDB's pull waits for the states it assumes. */
  assumedStatesWritten: () => Promise<void>
}

/**
 * The pull of one collection: by `seq` checkpoint, taking what the shared stream carried
 * when it continues what the device holds. When the person's rights change, the pull
 * starts over and the documents that did not come back are dropped; when the collection
 * becomes unreadable (403) every local copy is dropped and the pull waits for the next
 * change instead of retrying.
 */
export function createPull(context: PullContext): ReplicationPullOptions<unknown, SyncCheckpoint> {
  const { collection, remote, stream, status, account, transport, passedOver } = context
  const pullBackoff = context.backoff
  // Ids that came back during a fresh pull after the rights changed.
  let seenSinceReset: Set<string> | undefined

  const pullPage = async (checkpoint: SyncCheckpoint | undefined, batchSize: number) => {
    const isResetting = checkpoint?.resetting === true
    // A reset interrupted by a reload starts over: the ids seen before are gone.
    const from = isResetting && !seenSinceReset ? 0 : (checkpoint?.seq ?? 0)
    const access = checkpoint?.access === REVOKED ? undefined : checkpoint?.access
    try {
      return await fetchPull(remote, from, batchSize, status, account, transport, access)
    } catch (error) {
      if (error instanceof SyncHttpError && error.status === 403) return null
      throw error
    }
  }

  /** Whether the pull reads everything again after a change of rights. */
  const isResettingNow = (checkpoint: SyncCheckpoint | undefined) =>
    seenSinceReset !== undefined || checkpoint?.resetting === true

  return {
    batchSize: PULL_BATCH,
    stream$: stream.streamOf(remote),
    async handler(checkpoint, batchSize) {
      // After a first fill, RxDB's pull must find the assumed states written: one of its own
      // written in between would be refused by the older filled one (first-fill.ts).
      await context.assumedStatesWritten()
      await pullBackoff.wait()
      // Changes the stream carried and that continue what this device holds need no call.
      let page: PullResponse | null | undefined = isResettingNow(checkpoint)
        ? undefined
        : stream.takeStreamed(remote, checkpoint)
      try {
        page ??= await pullPage(checkpoint, batchSize)
        if (page?.upTo !== undefined)
          stream.caughtUp(remote, page.upTo, page.checkpoint.access ?? '')
      } catch (error) {
        pullBackoff.failed()
        noteTrouble(status, error)
        throw error
      }
      pullBackoff.succeeded()
      if (!page) {
        // No right to read it any more: drop every copy, once, and stop asking.
        passedOver.clear()
        const wasRevoked = checkpoint?.access === REVOKED && checkpoint.seq === 0
        const documents = wasRevoked ? [] : await dropAllBut(collection, new Set())
        if (!status.get().revoked.includes(remote)) {
          status.update({ revoked: [...status.get().revoked, remote] })
        }
        return { documents: documents as never[], checkpoint: { seq: 0, access: REVOKED } }
      }
      if (status.get().revoked.includes(remote)) {
        status.update({ revoked: status.get().revoked.filter((name) => name !== remote) })
      }
      countReceived(status, page.documents.length)
      let next: SyncCheckpoint = page.checkpoint
      if (page.reset) seenSinceReset = new Set()
      // After a change of rights the same seq may carry other fields: every row is taken.
      const isResetting = seenSinceReset !== undefined || checkpoint?.resetting === true
      if (isResetting) passedOver.clear()
      let documents = isResetting
        ? page.documents
        : await dropSeen(collection, passedOver, passedOver.withKept(page.documents))
      if (seenSinceReset) {
        for (const document of page.documents) seenSinceReset.add(document.id)
        if (page.documents.length < batchSize) {
          documents = [...documents, ...(await dropAllBut(collection, seenSinceReset))]
          seenSinceReset = undefined
        } else {
          next = { ...next, resetting: true }
        }
      }
      if (page.documents.length < batchSize) {
        status.update({ lastSyncedAt: Date.now(), trouble: null })
      }
      return { documents: documents as never[], checkpoint: next }
    },
  }
}

/** Every local document whose id is not in `kept`, as a tombstone the pull writes. */
async function dropAllBut(
  collection: RxCollection,
  kept: ReadonlySet<string>,
): Promise<WireDocument[]> {
  const local = await collection.find().exec()
  return local
    .filter((document) => !kept.has(String(document.primary)))
    .map((document) => ({ ...(document.toMutableJSON() as WireDocument), _deleted: true }))
}

/**
 * The pulled rows that are news to this device. A row it already holds at the same seq or
 * a later one is a state it has seen: a pull answered before the device's next edit
 * reached the server, stored after the push was taken, would otherwise show the older row
 * again until the next pull (RxDB finds its copy equal to the state it assumes the server
 * holds, so it takes the row). Seqs only grow, a restore included (decision 008).
 */
async function dropSeen(
  collection: RxCollection,
  passedOver: PassedOverStates,
  documents: WireDocument[],
) {
  if (documents.length === 0) return documents
  const held = await collection.storageInstance.findDocumentsById(
    documents.map((document) => document.id),
    false,
  )
  const seqById = new Map(held.map((document) => [String(document.id), document.seq]))
  const news = documents.filter((document) => {
    const seq = seqById.get(document.id)
    return !(typeof seq === 'number' && typeof document.seq === 'number' && seq >= document.seq)
  })
  // RxDB passes over a state whose copy holds an edit not yet pushed (passed-over-states.ts).
  passedOver.note(news.filter((document) => seqById.has(document.id)))
  return news
}

function countReceived(status: SyncStatusStore, count: number) {
  const { firstSync } = status.get()
  if (firstSync && count > 0) status.update({ firstSync: { received: firstSync.received + count } })
}
