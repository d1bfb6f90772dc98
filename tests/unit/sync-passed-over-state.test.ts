import type { RxCollection, RxDatabase } from 'rxdb'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import type { WireDocument } from '#sync/protocol'
import {
  APP_CONNECTIONS,
  createAppConnectionsCollection,
  replicateAppConnections,
} from '../support/app-connections-collection.ts'
import { appDocument } from '../support/app-document.ts'
import { createResyncStream } from '../support/sync-node-client.ts'

// A device that edits a document while a newer state of it arrives, then sets its edit
// back: the product's replication (RxDB, memory storage) against a scripted server, with
// each call held until the test lets it go, to play one interleaving exactly.

const definition = APP_CONNECTIONS

/** What the scripted server holds, and the calls the test holds back. */
const server = {
  row: appDocument('a', 93) as WireDocument,
  pushes: [] as WireDocument[],
  holdPull: undefined as Promise<void> | undefined,
  pullsStarted: 0,
  /** The next push waits for `until`, then fails (the server went down with it) or is answered. */
  holdNextPush: undefined as { until: Promise<void>; fails: boolean } | undefined,
}

function deferred() {
  let release = () => {}
  const promise = new Promise<void>((resolve) => {
    release = resolve
  })
  return { promise, release }
}

async function answer(url: URL, init: RequestInit | undefined): Promise<Response> {
  if (url.pathname.endsWith('/pull')) {
    server.pullsStarted++
    await server.holdPull
    const from = Number(url.searchParams.get('checkpoint'))
    const documents = (server.row.seq as number) > from ? [server.row] : []
    const seq = Math.max(from, server.row.seq as number)
    return Response.json({ documents, checkpoint: { seq, access: 'rights' }, upTo: seq })
  }
  const { rows } = JSON.parse(String(init?.body)) as {
    rows: { newDocumentState: WireDocument; assumedMasterState?: WireDocument }[]
  }
  server.pushes.push(...rows.map((row) => row.newDocumentState))
  const hold = server.holdNextPush
  server.holdNextPush = undefined
  await hold?.until
  // The server went down with the push: no answer reaches the device.
  if (hold?.fails) throw new TypeError('fetch failed')
  // Every row conflicts: the server's row moved on since the device's assumed state.
  return Response.json({ conflicts: rows.map(() => server.row), refused: [] })
}

let db: RxDatabase
let collection: RxCollection
let resync: () => void
let isPulling: () => boolean

beforeEach(async () => {
  server.row = appDocument('a', 93)
  server.pushes = []
  server.holdPull = undefined
  server.pullsStarted = 0
  server.holdNextPush = undefined
  const device = await createAppConnectionsCollection('passed-over')
  db = device.db
  collection = device.collection
  const standIn = createResyncStream([definition.remote])
  resync = standIn.resync
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) =>
    answer(new URL(String(input)), init),
  )
  const replication = await replicateAppConnections(device, {
    fetch: fetch as typeof globalThis.fetch,
    stream: standIn.stream,
  })
  isPulling = () => replication.internalReplicationState?.events.active.down.getValue() === true
})

afterEach(async () => {
  await db.remove()
})

const held = async () => (await collection.findOne('a').exec())?.toJSON() as WireDocument

/**
 * A pull under way brings a newer state while the person's edit waits to be pushed, and the
 * person sets the edit back before the push ends (`fails`: the server goes down with it, and
 * the push is retried; otherwise it is answered with the server's state).
 */
async function editSetBackWhileANewerStateArrives(options: { fails: boolean }) {
  expect((await held()).seq).toBe(93)
  // A pull starts and waits for its answer (the stream told of a change).
  const pull = deferred()
  server.holdPull = pull.promise
  resync()
  await vi.waitFor(() => expect(server.pullsStarted).toBe(1))
  // The person edits; the push leaves and waits.
  const push = deferred()
  server.holdNextPush = { until: push.promise, fails: options.fails }
  const document = await collection.findOne('a').exec()
  await document?.incrementalPatch({ status: 'inactive' })
  await vi.waitFor(() => expect(server.pushes).toHaveLength(1))
  // Another device's edit is the server's state now; the waiting pull answers with it while
  // the edit is not yet pushed, so RxDB keeps the edit and moves its checkpoint past 135.
  server.row = { ...appDocument('a', 135), name: 'Van een ander' }
  pull.release()
  await vi.waitFor(() => expect(isPulling()).toBe(false))
  expect(await held()).toMatchObject({ seq: 93, status: 'inactive' })
  // The person sets the status back before the push ends: the copy is the state the device
  // assumes the server holds, so nothing is left to push.
  const edited = await collection.findOne('a').exec()
  await edited?.incrementalPatch({ status: 'active' })
  push.release()
}

test('a newer server state that arrives while an edit waits to be pushed reaches the device after the edit is set back', async () => {
  await editSetBackWhileANewerStateArrives({ fails: true })
  // The device ends with the server's state, as every other device does.
  await vi.waitFor(
    async () => expect(await held()).toMatchObject({ seq: 135, name: 'Van een ander' }),
    { timeout: 3000 },
  )
})

test('so does one that arrives while the push is under way and answered after the set-back', async () => {
  await editSetBackWhileANewerStateArrives({ fails: false })
  await vi.waitFor(
    async () => expect(await held()).toMatchObject({ seq: 135, name: 'Van een ander' }),
    { timeout: 3000 },
  )
})
