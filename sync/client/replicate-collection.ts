import type { ReplicationPushOptions, RxCollection } from 'rxdb'
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication'
import { SYNC_PROTOCOL_VERSION, type SyncCheckpoint } from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import type { UnansweredPushes } from './conflict-handler.ts'
import type { FillProgress } from './fill-progress.ts'
import type { FilledCollection } from './first-fill.ts'
import { writeAssumedStates } from './first-fill-assumed-states.ts'
import { PassedOverStates } from './passed-over-states.ts'
import { createPull } from './replication-pull.ts'
import { createPush } from './replication-push.ts'
import { createRetryBackoff, RETRY_TIMING, type RetryTiming } from './retry-backoff.ts'
import type { SyncAccount, SyncTransport } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'
import type { SyncStream } from './sync-stream.ts'

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
  const passedOver = new PassedOverStates()
  const replicationIdentifier = options.identifier ?? replicationIdentifierOf(remote)
  let assumedStatesWritten: Promise<void> = Promise.resolve()
  const pull = createPull({
    collection,
    remote,
    stream,
    status,
    account,
    transport,
    passedOver,
    backoff: createRetryBackoff(retryTiming),
    assumedStatesWritten: () => assumedStatesWritten,
  })
  const push: ReplicationPushOptions<unknown> | undefined = definition.isReadOnly
    ? undefined
    : createPush({
        collection,
        remote,
        labelField,
        status,
        account,
        transport,
        refusedIds,
        unanswered: options.unanswered,
        backoff: createRetryBackoff(retryTiming),
        assumedStatesWritten: () => assumedStatesWritten,
        isStopped: () => replication.isStopped(),
      })
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
