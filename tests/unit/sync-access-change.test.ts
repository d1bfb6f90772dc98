import { createRxDatabase, type RxCollection, type RxDatabase } from 'rxdb'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { CENTRAL_COLLECTIONS } from '#sync/client/collections'
import { createConflictHandler } from '#sync/client/conflict-handler'
import { replicateCollection } from '#sync/client/replicate-collection'
import { RETRY_TIMING } from '#sync/client/retry-backoff'
import { createSyncStatus } from '#sync/client/sync-status'
import { appDocument } from '../support/app-document.ts'
import { createResyncStream } from '../support/sync-node-client.ts'

// A device whose person's rights change: the product's replication (RxDB, memory storage)
// against a scripted server that answers pulls as server/replication/pull.ts does.

const definition = CENTRAL_COLLECTIONS[1] // appConnections

const app = (id: string, seq: number) => appDocument(id, seq)

/** What the scripted server holds and lets this person read. */
const server = {
  rows: [app('a', 1), app('b', 2), app('c', 3)],
  visible: new Set(['a', 'b']),
  access: 'rights-1',
  isForbidden: false,
  pulls: 0,
}

function answerPull(url: URL): Response {
  server.pulls++
  if (server.isForbidden) return new Response('{"message":"Geen rechten"}', { status: 403 })
  const from = Number(url.searchParams.get('checkpoint'))
  const access = url.searchParams.get('access')
  const reset = access !== null && access !== server.access && from > 0
  const documents = server.rows.filter(
    (row) => (row.seq as number) > (reset ? 0 : from) && server.visible.has(row.id),
  )
  const seq = documents.at(-1)?.seq ?? (reset ? 0 : from)
  const body = { documents, checkpoint: { seq, access: server.access }, ...(reset && { reset }) }
  return new Response(JSON.stringify(body), { status: 200 })
}

let db: RxDatabase
let collection: RxCollection
let resync: () => void
let status: ReturnType<typeof createSyncStatus>

beforeEach(async () => {
  server.visible = new Set(['a', 'b'])
  server.access = 'rights-1'
  server.isForbidden = false
  db = await createRxDatabase({
    name: `access-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  const refused = new Set<string>()
  await db.addCollections({
    [definition.local]: {
      schema: definition.schema,
      conflictHandler: createConflictHandler(refused, WRITABLE_FIELDS.appConnections),
    },
  })
  collection = db.collections[definition.local] as RxCollection
  const standIn = createResyncStream([definition.remote])
  resync = standIn.resync
  status = createSyncStatus()
  const { stream } = standIn
  const fetch = vi.fn(async (input: string | URL | Request) => answerPull(new URL(String(input))))
  const replication = replicateCollection({
    collection,
    definition: { ...definition, isReadOnly: true },
    stream,
    status,
    refusedIds: refused,
    account: { organisationId: 'org', userId: 'anna' },
    transport: { origin: 'http://server.test', fetch: fetch as typeof globalThis.fetch },
  })
  await replication.awaitInitialReplication()
})

afterEach(async () => {
  await db.remove()
})

const localIds = async () =>
  (await collection.find().exec()).map((document) => String(document.primary)).sort()

async function pullAgain() {
  resync()
  await vi.waitFor(async () => expect(server.pulls).toBeGreaterThan(0), { timeout: 2000 })
}

test('rights that change bring what was gained and drop what was lost', async () => {
  expect(await localIds()).toEqual(['a', 'b'])
  server.visible = new Set(['a', 'c'])
  server.access = 'rights-2'
  server.pulls = 0
  await pullAgain()
  await vi.waitFor(async () => expect(await localIds()).toEqual(['a', 'c']), { timeout: 2000 })
})

test('a collection that becomes unreadable (403) is emptied once, said, and not retried', async () => {
  // The clock is the test's from here, so the check below can outlast every retry wait.
  vi.useFakeTimers()
  try {
    server.isForbidden = true
    server.pulls = 0
    await pullAgain()
    await vi.waitFor(async () => expect(await localIds()).toEqual([]), { timeout: 2000 })
    expect(status.get().revoked).toEqual(['appConnections'])
    // No retry loop: quiet until the next change is announced, longer than RxDB's retry
    // and the longest backoff together.
    const pulls = server.pulls
    await vi.advanceTimersByTimeAsync(RETRY_TIMING.retryMs + RETRY_TIMING.maxBackoffMs)
    expect(server.pulls).toBe(pulls)
  } finally {
    vi.useRealTimers()
  }
  // The right comes back: everything arrives again and the notice goes.
  server.isForbidden = false
  server.pulls = 0
  await pullAgain()
  await vi.waitFor(async () => expect(await localIds()).toEqual(['a', 'b']), { timeout: 2000 })
  expect(status.get().revoked).toEqual([])
})
