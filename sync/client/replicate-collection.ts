import type { RxCollection } from 'rxdb'
import { type RxReplicationState, replicateRxCollection } from 'rxdb/plugins/replication'
import { SYNC_PROTOCOL_VERSION, type SyncCheckpoint, type WireDocument } from '../protocol.ts'
import type { ClientCollection } from './collections.ts'
import { fetchPull, fetchPush, type SyncAccount, type SyncTransport } from './sync-http.ts'
import type { SyncStatusStore } from './sync-status.ts'
import type { SyncStream } from './sync-stream.ts'

const PULL_BATCH = 1000
const PUSH_BATCH = 50
const RETRY_MS = 3000

/**
 * Live replication of one collection with the server (DESIGN.md, Replication): pull by
 * `seq` checkpoint, pull again whenever the shared stream says so, push in batches. A
 * refused write is recorded in the status store (shown to the person) and its id marked,
 * so that the conflict handler reverts it to the server's state instead of merging it.
 * Runs in the leader tab only (RxDB's default).
 */
export function replicateCollection(options: {
  collection: RxCollection
  definition: ClientCollection
  stream: SyncStream
  status: SyncStatusStore
  refusedIds: Set<string>
  /** Whose database this is: sent with every call, refused under another session. */
  account: SyncAccount
  /** The page's own fetch unless given (replication outside a browser). */
  transport?: SyncTransport
}): RxReplicationState<unknown, SyncCheckpoint> {
  const { collection, definition, stream, status, refusedIds, account, transport } = options
  const { remote, labelField } = definition
  return replicateRxCollection<unknown, SyncCheckpoint>({
    replicationIdentifier: `centraal-sync-v${SYNC_PROTOCOL_VERSION}-${remote}`,
    collection,
    live: true,
    retryTime: RETRY_MS,
    pull: {
      batchSize: PULL_BATCH,
      stream$: stream.streamOf(remote),
      async handler(checkpoint, batchSize) {
        const page = await fetchPull(
          remote,
          checkpoint?.seq ?? 0,
          batchSize,
          status,
          account,
          transport,
        )
        return { documents: page.documents as never[], checkpoint: page.checkpoint }
      },
    },
    push: definition.isReadOnly
      ? undefined
      : {
          batchSize: PUSH_BATCH,
          async handler(rows) {
            const wireRows = rows as unknown as {
              newDocumentState: WireDocument
              assumedMasterState?: WireDocument
            }[]
            const answer = await fetchPush(remote, wireRows, status, account, transport)
            for (const refusal of answer.refused) {
              refusedIds.add(refusal.id)
              const row = wireRows.find((candidate) => candidate.newDocumentState.id === refusal.id)
              const label = labelField ? row?.newDocumentState[labelField] : undefined
              status.addRefused({
                ...refusal,
                collection: remote,
                label: typeof label === 'string' && label ? label : refusal.id,
                at: Date.now(),
              })
            }
            return answer.conflicts as never[]
          },
        },
  })
}
