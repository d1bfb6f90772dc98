import type { ReplicationPullOptions, ReplicationPushOptions, RxCollection } from 'rxdb'
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication'
import { isSameDocumentState } from '#schema/rx/merge-conflict'
import { pickRefusedValues } from '#schema/sync-refusals'
import {
  type PullResponse,
  SYNC_PROTOCOL_VERSION,
  type SyncCheckpoint,
  type WireDocument,
} from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import type { UnansweredPushes } from './conflict-handler.ts'
import { keepDeviceRefusals } from './device-refusals.ts'
import type { FillProgress } from './fill-progress.ts'
import { type FilledCollection, writeAssumedStates } from './first-fill.ts'
import { PassedOverStates } from './passed-over-states.ts'
import { createRetryBackoff, RETRY_TIMING, type RetryTiming } from './retry-backoff.ts'
import {
  AccountChangedError,
  fetchPull,
  fetchPush,
  type SyncAccount,
  SyncHttpError,
  type SyncTransport,
} from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'
import type { SyncStream } from './sync-stream.ts'

const PULL_BATCH = 1000
const PUSH_BATCH = 50

/** The checkpoint of a collection this person may no longer read at all (403). */
const REVOKED = 'revoked'

const NO_ACCESS = 'Je hebt geen toegang meer tot deze gegevens; de wijziging is niet verwerkt.'

/** RxDB's name for a collection's replication bookkeeping; a new protocol version starts anew. */
export function replicationIdentifierOf(remote: string) {
  return `centraal-sync-v${SYNC_PROTOCOL_VERSION}-${remote}`
}

/**
 * Live replication of one collection with the server (docs/architecture.md, Replication): pull by
 * `seq` checkpoint, pull again whenever the shared stream says so, push in batches. A
 * refused write is recorded in the status store (shown to the person) and its id marked,
 * so that the conflict handler reverts it to the server's state instead of merging it.
 * Failures (no network, 5xx) are retried with a growing wait. When the person's rights
 * change, the pull starts over and the documents that did not come back are dropped;
 * when the collection becomes unreadable (403) every local copy is dropped and the pull
 * waits for the next change instead of retrying. Runs in the leader tab only, shown or
 * hidden; another tab takes over when the leader closes.
 */
export function replicateCollection(options: {
  collection: RxCollection
  definition: ClientCollection
  stream: SyncStream
  status: SyncStatusStore
  refusedIds: Set<string>
  /** Where states pushed without an answer are kept: the collection's conflict handler's. */
  unanswered?: UnansweredPushes
  /** Whose database this is: sent with every call, refused under another session. */
  account: SyncAccount
  /** The page's own fetch unless given (replication outside a browser). */
  transport?: SyncTransport
  /** RxDB's name for this replication's bookkeeping; a new protocol version starts anew. */
  identifier?: string
  /**
   * The first fill of an empty collection (first-fill.ts): the replication starts once it
   * is stored, after what it stored, and pushes nothing before the states it assumes the
   * server holds are written.
   */
  fill?: Promise<FilledCollection | undefined>
  /** The fill's marks: removed once the replication has taken over from it. */
  fillProgress?: FillProgress
  /** The waits after a failed call (RETRY_TIMING unless given). */
  retryTiming?: RetryTiming
}): RxReplicationState<unknown, SyncCheckpoint> {
  const { collection, definition, stream, status, refusedIds, account, transport, fill } = options
  const { remote, labelField } = definition
  const retryTiming = options.retryTiming ?? RETRY_TIMING
  const pullBackoff = createRetryBackoff(retryTiming)
  const pushBackoff = createRetryBackoff(retryTiming)
  // Ids that came back during a fresh pull after the rights changed.
  let seenSinceReset: Set<string> | undefined
  const passedOver = new PassedOverStates()

  const labelOf = (document: WireDocument | undefined, id: string) => {
    const label = labelField ? document?.[labelField] : undefined
    return typeof label === 'string' && label ? label : id
  }

  /** Every local document whose id is not in `kept`, as a tombstone the pull writes. */
  const dropAllBut = async (kept: ReadonlySet<string>): Promise<WireDocument[]> => {
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
  const dropSeen = async (documents: WireDocument[]) => {
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

  /**
   * The rows of a push split into those the device still holds as they are and those it
   * no longer does. RxDB reads the copies it pushes (after a RESYNC, every copy written
   * since its upstream checkpoint) before their batch's turn, but the state it assumes the
   * server holds only when the batch goes: a pull stored while an earlier batch is in
   * flight moves both the copy and that state on, and the older copy went out as an edit
   * of the newer state and was written over it (decision 008). A copy that moved on is
   * not sent: a newer one the person wrote is pushed on its own, one a pull wrote is the
   * server's already. Its row is answered as a conflict with the copy held now; RxDB
   * writes the resolved copy on top of the outdated one, so the storage refuses that write
   * (409) and neither the copy nor the assumed state changes.
   */
  const splitOutdated = async <T extends { newDocumentState: WireDocument }>(rows: T[]) => {
    const held = await collection.storageInstance.findDocumentsById(
      rows.map((row) => row.newDocumentState.id),
      true,
    )
    const heldById = new Map(held.map((document) => [String(document.id), document]))
    const current: T[] = []
    const outdated: WireDocument[] = []
    for (const row of rows) {
      const copy = heldById.get(row.newDocumentState.id) as WireDocument | undefined
      if (copy && !isSameDocumentState(copy, row.newDocumentState)) {
        const { _meta, _rev, _attachments, ...fields } = copy
        outdated.push(fields as WireDocument)
      } else {
        current.push(row)
      }
    }
    return { current, outdated }
  }

  const replicationIdentifier = options.identifier ?? replicationIdentifierOf(remote)

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

  let assumedStatesWritten: Promise<void> = Promise.resolve()
  const pull: ReplicationPullOptions<unknown, SyncCheckpoint> = {
    batchSize: PULL_BATCH,
    stream$: stream.streamOf(remote),
    async handler(checkpoint, batchSize) {
      // After a first fill, RxDB's pull must find the assumed states written: one of its own
      // written in between would be refused by the older filled one (first-fill.ts).
      await assumedStatesWritten
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
        const documents = wasRevoked ? [] : await dropAllBut(new Set())
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
        : await dropSeen(passedOver.withKept(page.documents))
      if (seenSinceReset) {
        for (const document of page.documents) seenSinceReset.add(document.id)
        if (page.documents.length < batchSize) {
          documents = [...documents, ...(await dropAllBut(seenSinceReset))]
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
  const push: ReplicationPushOptions<unknown> | undefined = definition.isReadOnly
    ? undefined
    : {
        batchSize: PUSH_BATCH,
        waitBeforePersist: () => assumedStatesWritten,
        async handler(rows) {
          const wireRows = rows as unknown as {
            newDocumentState: WireDocument
            assumedMasterState?: WireDocument
          }[]
          await pushBackoff.wait()
          // Cancelled while it waited (a restore heard, a sign-out): nothing more is sent.
          if (replication.isStopped()) throw new Error(`${remote}: replication stopped`)
          const { current, outdated } = await splitOutdated(wireRows)
          if (current.length === 0) return outdated as never[]
          let answer: Awaited<ReturnType<typeof fetchPush>>
          try {
            answer = await fetchPush(remote, current, status, account, transport)
          } catch (error) {
            if (mayHaveBeenTaken(error)) {
              for (const row of current) options.unanswered?.add(row.newDocumentState)
            }
            if (!(error instanceof SyncHttpError && error.status === 403)) {
              pushBackoff.failed()
              noteTrouble(status, error)
              throw error
            }
            // Rights withdrawn: nothing of the batch will ever be taken. The server keeps
            // no record of it, so the device does, with the person's values; a removal
            // that only echoes an earlier refused change is not the person's (isEcho).
            const echoes = await keepDeviceRefusals(
              { ...account, area: account.area ?? 'central' },
              current.map(({ newDocumentState: next, assumedMasterState }) => ({
                collection: remote,
                operation: !assumedMasterState ? 'create' : next._deleted ? 'delete' : 'update',
                entityId: next.id,
                label: labelOf(next, next.id),
                reason: NO_ACCESS,
                values: pickRefusedValues(remote, next),
              })),
            )
            const refused = current
              .filter((row) => !echoes.has(row.newDocumentState.id))
              .map((row) => ({ id: row.newDocumentState.id, reason: NO_ACCESS }))
            answer = { conflicts: [], refused }
          }
          pushBackoff.succeeded()
          status.update({ trouble: null })
          // Answered: what the server holds is known again, except where it says conflict.
          const conflicting = new Set(answer.conflicts.map((conflict) => String(conflict.id)))
          for (const row of current) {
            if (!conflicting.has(row.newDocumentState.id)) {
              options.unanswered?.forget(row.newDocumentState.id)
            }
          }
          for (const refusal of answer.refused) {
            refusedIds.add(refusal.id)
            const row = current.find((candidate) => candidate.newDocumentState.id === refusal.id)
            status.addRefused({
              ...refusal,
              collection: remote,
              label: labelOf(row?.newDocumentState, refusal.id),
              at: Date.now(),
            })
          }
          return [...answer.conflicts, ...outdated] as never[]
        },
      }
  const replication = replicateRxCollection<unknown, SyncCheckpoint>({
    replicationIdentifier,
    collection,
    live: true,
    retryTime: retryTiming.retryMs,
    autoStart: !fill,
    // RxDB starts a replication whenever its tab becomes visible, leader or not: every tab
    // a person switches to would pull and push beside the leader. Only leadership starts it
    // (RxDB's waitForLeadership, and the fill, which waits for it too).
    waitForLeadership: true,
    toggleOnDocumentVisible: false,
    pull,
    push,
  })
  // A copy written older than a state RxDB passed over (an edit, perhaps set back): pull,
  // so that the state is offered again (passed-over-states.ts).
  const writes = collection.$.subscribe((event) => {
    if (passedOver.written(event.documentId, event.documentData?.seq)) replication.reSync()
  })
  replication.onCancel.push(() => writes.unsubscribe())
  fill?.then((filled) => {
    if (replication.isStopped()) return
    if (filled) {
      pull.initialCheckpoint = filled.pull
      if (push) {
        push.initialCheckpoint = filled.push
        assumedStatesWritten = writeAssumedStates(replication, filled).catch((error) =>
          console.warn(`sync ${remote}: storing the assumed states failed`, error),
        )
      } else {
        // A collection only pulled keeps no assumed states (RxDB skips them without a push).
        filled.stored?.clear()
      }
      // Taken over once the assumed states are written and the first pull is stored; a
      // reload before that goes on from the fill's mark (first-fill.ts).
      void assumedStatesWritten
        .then(() => replication.awaitInitialReplication())
        .then(() => {
          if (!replication.isStopped()) options.fillProgress?.clear(remote)
        })
        .catch(() => undefined) // cancelled: the mark stays for the next start
    }
    void replication.start()
  })
  return replication
}

function countReceived(status: SyncStatusStore, count: number) {
  const { firstSync } = status.get()
  if (firstSync && count > 0) status.update({ firstSync: { received: firstSync.received + count } })
}

/**
 * Whether a failed push may still have been written: a lost answer (a network failure,
 * which may also be a call that never left) or a 5xx. Not a call this page held back
 * (another account) nor a refusal (4xx).
 */
function mayHaveBeenTaken(error: unknown) {
  if (error instanceof SyncHttpError) return error.status >= 500
  return !(error instanceof AccountChangedError)
}

/** A passing failure in words; the calls that need the person set a problem instead. */
function noteTrouble(status: SyncStatusStore, error: unknown) {
  if (error instanceof AccountChangedError) return
  if (error instanceof SyncHttpError && error.status < 500) return
  status.update({
    trouble:
      error instanceof SyncHttpError
        ? 'De server is even niet bereikbaar; we proberen het zo opnieuw.'
        : 'Geen verbinding met de server; wijzigingen blijven op dit apparaat tot die er weer is.',
  })
}
