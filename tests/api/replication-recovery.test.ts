import {
  createRxDatabase,
  getComposedPrimaryKeyOfDocumentData,
  type RxCollection,
  type RxDatabase,
} from 'rxdb'
import type { RxReplicationState } from 'rxdb/plugins/replication'
import { getRxStorageMemory } from 'rxdb/plugins/storage-memory'
import { filter, firstValueFrom } from 'rxjs'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { CENTRAL_COLLECTIONS } from '#sync/client/collections'
import { createConflictHandler, UnansweredPushes } from '#sync/client/conflict-handler'
import { createFillProgress, type FillProgress } from '#sync/client/fill-progress'
import { type FilledCollection, fillCollection } from '#sync/client/first-fill'
import { replicateCollection, replicationIdentifierOf } from '#sync/client/replicate-collection'
import type { RetryTiming } from '#sync/client/retry-backoff'
import { createSyncStatus } from '#sync/client/sync-status'
import { findUnsentChanges } from '#sync/client/unsent-changes'
import type { SyncCheckpoint } from '#sync/protocol'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { newAppDocument } from '../support/app-document.ts'
import type { Client } from '../support/http.ts'
import { seedCentral } from '../support/seed-organisation.ts'
import { createResyncStream } from '../support/sync-node-client.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { typedClient } from '../support/typed-client.ts'

// The product's replication (RxDB, memory storage, the real server) through what goes wrong
// on a phone: an upgrade that starts the bookkeeping anew, a push whose answer is lost
// followed by a restart, a server that fails for a while; and the first fill of an empty
// device (first-fill.ts) that replication continues from.

type Replication = RxReplicationState<unknown, SyncCheckpoint>
const definition = CENTRAL_COLLECTIONS[1] // appConnections

let server: TestServer
let root: Client
let account: { organisationId: string; userId: string }
let db: RxDatabase
let apps: RxCollection
let status: ReturnType<typeof createSyncStatus>
let refused: Set<string>
let unanswered: UnansweredPushes
const { stream, resync } = createResyncStream([definition.remote])

/** The client's fetch: its own session cookie; `meddle` may fail or lose a call. */
function transport(meddle?: (url: string, send: () => Promise<Response>) => Promise<Response>) {
  const send = (url: string, init?: RequestInit) => () =>
    fetch(url, {
      ...init,
      headers: {
        ...(init?.headers as Record<string, string>),
        cookie: [...root.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    })
  return {
    origin: server.url,
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = String(input)
      return meddle ? meddle(url, send(url, init)) : send(url, init)()
    }) as typeof fetch,
  }
}

/**
 * Shorter waits after a failed call than the product's (3 s, then 1 s, 2 s …), for the tests
 * whose calls fail for a while: the waits were most of their time. RxDB's second keeps
 * room to see the trouble shown before the next attempt clears it.
 */
const QUICK_RETRIES: RetryTiming = { retryMs: 1000, firstBackoffMs: 100, maxBackoffMs: 6000 }

function replicate(
  options: {
    identifier?: string
    meddle?: Parameters<typeof transport>[0]
    fill?: Promise<FilledCollection | undefined>
    fillProgress?: FillProgress
    retryTiming?: RetryTiming
  } = {},
) {
  return replicateCollection({
    fill: options.fill,
    fillProgress: options.fillProgress,
    collection: apps,
    definition,
    stream,
    status,
    refusedIds: refused,
    unanswered,
    account,
    transport: transport(options.meddle),
    identifier: options.identifier,
    retryTiming: options.retryTiming,
  }) as Replication
}

const newApp = (id: string, name: string, url: string) => newAppDocument({ id, name, url })

/** The description of app `id` RxDB assumes the server holds (its replication's record). */
async function assumedDescription(replication: Replication, id: string) {
  const meta = replication.metaInstance
  if (!meta) return undefined
  const key = getComposedPrimaryKeyOfDocumentData(meta.schema, { itemId: id, isCheckpoint: '0' })
  const [assumed] = await meta.findDocumentsById([key], false)
  return (assumed?.docData as { description?: string } | undefined)?.description
}

/**
 * The seq up to which the replication has handled what it pulled: its down checkpoint,
 * written once a pulled page was handled, whether or not RxDB stored any of it.
 */
async function pulledUpTo(replication: Replication) {
  const meta = replication.metaInstance
  if (!meta) return 0
  const key = getComposedPrimaryKeyOfDocumentData(meta.schema, {
    itemId: 'down',
    isCheckpoint: '1',
  })
  const [checkpoint] = await meta.findDocumentsById([key], false)
  return (checkpoint?.checkpointData as SyncCheckpoint | undefined)?.seq ?? 0
}

async function serverApp(id: string) {
  const list = await (await typedClient(server.url, root.cookies)['app-connections'].$get()).json()
  return list.find((app) => app.id === id)
}

/** An app root makes on the server; the app as stored. */
async function createApp(app: { name: string; url: string }) {
  const answer = await typedClient(server.url, root.cookies)['app-connections'].$post({ json: app })
  expect(answer.status).toBe(201)
  return answer.json()
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const user = await (await typedClient(server.url, root.cookies).auth.user.$get()).json()
  account = { organisationId: user.organizationId, userId: user.id }
})
afterAll(() => server?.close())

beforeEach(async () => {
  await db?.remove()
  db = await createRxDatabase({
    name: `recovery-${Math.random().toString(36).slice(2)}`,
    storage: getRxStorageMemory(),
    multiInstance: false,
  })
  refused = new Set()
  unanswered = new UnansweredPushes()
  await db.addCollections({
    [definition.local]: {
      schema: definition.schema,
      conflictHandler: createConflictHandler(refused, WRITABLE_FIELDS.appConnections, unanswered),
    },
  })
  apps = db.collections[definition.local] as RxCollection
  status = createSyncStatus()
})

test('an edit made offline before an upgrade arrives after it, although the bookkeeping starts anew', async () => {
  const created = await createApp({ name: 'Voor de upgrade', url: 'https://upgrade.example.com' })
  const before = replicate({ identifier: 'centraal-sync-v1-appConnections' })
  await before.awaitInSync()
  await before.cancel()
  // Offline, on the old version: edited, never sent.
  await apps.findOne(created.id).incrementalPatch({ description: 'offline bewerkt' })
  // The new version replicates under a new identifier: no assumed server states.
  const after = replicate({ identifier: 'centraal-sync-v2-appConnections' })
  await after.awaitInSync()
  expect((await serverApp(created.id))?.description).toBe('offline bewerkt')
  expect((await apps.findOne(created.id).exec())?.toJSON().description).toBe('offline bewerkt')
  expect(status.get().refused).toEqual([])
  await after.cancel()
})

test('a create whose answer was lost, then an app restart: written once, and the device leaves seq 0', async () => {
  let pushes = 0
  const first = replicate({
    meddle: async (url, send) => {
      if (!url.includes('/push')) return send()
      pushes++
      // The first push reaches the server but its answer is lost; then the network is
      // gone for pushes while a pull still gets through.
      if (pushes === 1) await send()
      throw new TypeError('Failed to fetch')
    },
  })
  await first.awaitInitialReplication().catch(() => undefined)
  const id = '01900000-0000-7000-8000-0000000c0de1'
  await apps.insert(newApp(id, 'Antwoord kwijt', 'https://lost.example.com'))
  await expect.poll(() => pushes, { timeout: 5000 }).toBeGreaterThan(0)
  await expect
    .poll(async () => (await serverApp(id))?.name, { timeout: 5000 })
    .toBe('Antwoord kwijt')
  // No pull meets the copy here: while a push is retried RxDB holds the pulls back. The
  // restarted app's first pull passes it while the device still holds its unsent create.
  await first.cancel() // the app is closed before the retry
  const restarted = replicate()
  await restarted.awaitInSync()
  const list = await (await typedClient(server.url, root.cookies)['app-connections'].$get()).json()
  expect(list.filter((app) => app.name === 'Antwoord kwijt')).toHaveLength(1)
  await expect
    .poll(async () => (await apps.findOne(id).exec())?.toJSON().seq, { timeout: 5000 })
    .toBeGreaterThan(0)
  await restarted.cancel()
})

test('a pull that passes the server copy while its push is in flight: the device still takes the stored row', async () => {
  // After a restart a pull and a push go out together. The server writes the push, the
  // pull reads the new row, and its answer arrives first: RxDB skips the copy (its own
  // write is unsent) and moves its checkpoint past it.
  const signal = () => {
    let done: () => void = () => undefined
    const promise = new Promise<void>((resolve) => {
      done = resolve
    })
    return { promise, done }
  }
  let isArmed = false
  const pullHeld = signal()
  const pushWritten = signal()
  const pullAnswered = signal()
  const replication = replicate({
    meddle: async (url, send) => {
      if (!isArmed) return send()
      if (url.includes('/pull')) {
        pullHeld.done()
        await pushWritten.promise
        const answer = await send()
        // The push is answered once RxDB handled this page: its checkpoint passed the row.
        const { checkpoint } = (await answer.clone().json()) as { checkpoint: SyncCheckpoint }
        void expect
          .poll(() => pulledUpTo(replication), { timeout: 10_000 })
          .toBeGreaterThanOrEqual(checkpoint.seq)
          .then(pullAnswered.done)
        return answer
      }
      const answer = await send()
      pushWritten.done()
      await pullAnswered.promise
      return answer
    },
  })
  await replication.awaitInitialReplication()
  isArmed = true
  resync()
  await pullHeld.promise
  const id = '01900000-0000-7000-8000-0000000c0de3'
  await apps.insert(newApp(id, 'Onderweg', 'https://onderweg.example.com'))
  await pullAnswered.promise
  await replication.awaitInSync()
  const stored = await serverApp(id)
  expect(stored?.seq).toBeGreaterThan(0)
  await expect
    .poll(async () => (await apps.findOne(id).exec())?.toJSON().seq, { timeout: 5000 })
    .toBe(stored?.seq)
  await replication.cancel()
})

test('a pull answered before an edit reached the server, stored after it was taken: the edit never goes back, not even for a moment', async () => {
  // The pull reads the row while it still holds the device's previous edit; the next
  // edit is pushed and taken before that answer is stored. RxDB then finds the device's
  // copy equal to what it assumes the server holds and would store the older row over it
  // until the next pull (seen once under load in the convergence run).
  const { id } = await createApp({ name: 'Twee bewerkingen', url: 'https://twee.example.com' })
  let isArmed = false
  let isPullHeld = false
  let releasePull: () => void = () => undefined
  const pullReleased = new Promise<void>((resolve) => {
    releasePull = resolve
  })
  const replication = replicate({
    meddle: async (url, send) => {
      const answer = await send()
      if (isArmed && url.includes('/pull')) {
        isPullHeld = true
        await pullReleased
      } else if (isArmed && url.includes('/push')) {
        // Released once RxDB took the edit's answer: it holds 'tweede' as the server's.
        void expect
          .poll(() => assumedDescription(replication, id), { timeout: 10_000 })
          .toBe('tweede')
          .then(releasePull)
      }
      return answer
    },
  })
  await replication.awaitInitialReplication()
  resync()
  await replication.awaitInSync()
  await apps.findOne(id).incrementalPatch({ description: 'eerste' })
  await expect
    .poll(async () => (await serverApp(id))?.description, { timeout: 5000 })
    .toBe('eerste')

  const seen: unknown[] = []
  const watching = apps.findOne(id).$.subscribe((document) => {
    seen.push(document?.toJSON().description)
  })
  isArmed = true
  resync() // answered with 'eerste', held until the next edit is taken
  await expect.poll(() => isPullHeld).toBe(true)
  await apps.findOne(id).incrementalPatch({ description: 'tweede' })
  await pullReleased
  // The held answer handled (stored over the edit, it would show in `seen`): the pull is done.
  await firstValueFrom(replication.active$.pipe(filter((isActive) => !isActive)))
  isArmed = false
  resync()
  await replication.awaitInSync()
  watching.unsubscribe()

  expect((await serverApp(id))?.description).toBe('tweede')
  expect(seen).toContain('tweede')
  expect(seen.slice(seen.indexOf('tweede'))).not.toContain('eerste')
  expect((await apps.findOne(id).exec())?.toJSON().seq).toBe((await serverApp(id))?.seq)
  await replication.cancel()
})

test('a copy the pull replaced while its push waited is not pushed: a colleague’s edit stays', async () => {
  // After a RESYNC, RxDB's upstream reads the documents written since its checkpoint and
  // pushes them a batch at a time, each compared with the state it assumes the server
  // holds when its turn comes. A pull stored while an earlier batch is in flight moves
  // both the copy and that assumed state on: the later batch holds a copy older than the
  // state it is compared with, and it went out as an edit over the newer row (seen in the
  // convergence run as lost edits and "Dit item is intussen verwijderd").
  const signal = () => {
    let done: () => void = () => undefined
    const promise = new Promise<void>((resolve) => {
      done = resolve
    })
    return { promise, done }
  }
  const create = async (name: string) =>
    (await createApp({ name, url: 'https://batch.example.com' })).id
  const own = await create('Eigen bewerking')
  const next = await create('Volgende bewerking')
  // More than a push batch (50) of apps the device only reads.
  const read: string[] = []
  for (let index = 0; index < 55; index++) read.push(await create(`Alleen gelezen ${index}`))
  // The last of them in RxDB's order (write time, id): in the second batch.
  const target = [...read].sort().at(-1) as string

  // Answers held in turn until released: the first two pulls and pushes once armed.
  let isArmed = false
  const held = { pull: 0, push: 0 }
  const releases = { pull: [signal(), signal()], push: [signal(), signal()] }
  const replication = replicate({
    meddle: async (url, send) => {
      const answer = await send()
      const kind = url.includes('/push') ? 'push' : 'pull'
      if (isArmed && held[kind] < releases[kind].length) {
        await releases[kind][held[kind]++]?.promise
      }
      return answer
    },
  })
  await replication.awaitInitialReplication()
  resync()
  await replication.awaitInSync()
  // Time for RxDB to act on what was just released or announced: it tells nothing when it
  // finds nothing to push, nor when it has compared a batch.
  const pause = () => new Promise((resolve) => setTimeout(resolve, 100))

  // The server changes every app the device only reads; the pull that brings them waits.
  for (const id of read) {
    await root.request('PATCH', `/api/app-connections/${id}`, { description: 'eerste ronde' })
  }
  isArmed = true
  resync()
  await expect.poll(() => held.pull).toBe(1)
  await pause() // the upstream's RESYNC found nothing to push
  // An edit whose push waits, and one made meanwhile; then the pull is stored.
  await apps.findOne(own).incrementalPatch({ description: 'op het apparaat' })
  await expect.poll(() => held.push).toBe(1)
  await apps.findOne(next).incrementalPatch({ description: 'daarna op het apparaat' })
  releases.pull[0]?.done()
  await expect
    .poll(async () => (await apps.findOne(target).exec())?.toJSON().description)
    .toBe('eerste ronde')

  // A colleague changes the target. When the push is answered, the RESYNC makes the
  // upstream read every copy written since its checkpoint: the second edit goes first
  // (its push waits), the target's copy in the batch after it; meanwhile the pull that
  // brings the colleague's edit is stored.
  await root.request('PATCH', `/api/app-connections/${target}`, { description: 'collega' })
  resync()
  releases.push[0]?.done()
  await expect.poll(() => held.push).toBe(2)
  await expect.poll(() => held.pull).toBe(2)
  await pause()
  releases.pull[1]?.done()
  await expect
    .poll(async () => (await apps.findOne(target).exec())?.toJSON().description)
    .toBe('collega')
  await pause()
  isArmed = false
  releases.push[1]?.done()
  await replication.awaitInSync()
  resync()
  await replication.awaitInSync()

  expect((await serverApp(target))?.description).toBe('collega')
  expect((await apps.findOne(target).exec())?.toJSON().description).toBe('collega')
  expect((await serverApp(own))?.description).toBe('op het apparaat')
  expect((await serverApp(next))?.description).toBe('daarna op het apparaat')
  expect(status.get().refused).toEqual([])
  await replication.cancel()
}, 30_000)

test('a push taken by the server whose answer was lost, then the field set back and another edited: both are the last word', async () => {
  const { id } = await createApp({ name: 'Terug naar actief', url: 'https://oud.example.com' })
  let pushes = 0
  let isNetworkDown = false
  const replication = replicate({
    meddle: async (url, send) => {
      if (!url.includes('/push')) return send()
      pushes++
      if (pushes === 1) {
        // The server takes the edit, but its answer never arrives; then the network is
        // gone for a while.
        isNetworkDown = true
        await send()
      }
      if (isNetworkDown) throw new TypeError('Failed to fetch')
      return send()
    },
    retryTiming: QUICK_RETRIES,
  })
  await replication.awaitInitialReplication()
  pushes = 0
  await apps.findOne(id).incrementalPatch({ status: 'syncing' })
  await expect.poll(async () => (await serverApp(id))?.status, { timeout: 5000 }).toBe('syncing')
  // Offline, the person sets the status back and changes the address.
  await apps.findOne(id).incrementalPatch({ status: 'active', url: 'https://nieuw.example.com' })
  // The network stays down until the device retried at least once: that retry fails.
  await expect.poll(() => pushes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2)
  isNetworkDown = false
  await expect
    .poll(async () => (await serverApp(id))?.url, { timeout: 10_000 })
    .toBe('https://nieuw.example.com')
  await replication.awaitInSync()
  const stored = await serverApp(id)
  expect(stored?.status).toBe('active')
  await expect
    .poll(async () => (await apps.findOne(id).exec())?.toJSON().status, { timeout: 5000 })
    .toBe('active')
  expect(status.get().refused).toEqual([])
  await replication.cancel()
})

test('a server that fails for a while (503) delays a write; it is never refused', async () => {
  let failures = 2
  const replication = replicate({
    meddle: async (url, send) => {
      if (url.includes('/push') && failures > 0) {
        failures--
        return new Response('{"message":"even weg"}', { status: 503 })
      }
      return send()
    },
    retryTiming: QUICK_RETRIES,
  })
  await replication.awaitInitialReplication().catch(() => undefined)
  const id = '01900000-0000-7000-8000-0000000c0de2'
  await apps.insert(newApp(id, 'Na een storing', 'https://storing.example.com'))
  await expect.poll(() => failures, { timeout: 10_000 }).toBe(0)
  expect(status.get().trouble).toMatch(/niet bereikbaar/)
  await expect
    .poll(async () => (await serverApp(id))?.name, { timeout: 20_000 })
    .toBe('Na een storing')
  expect(status.get().refused).toEqual([])
  await replication.cancel()
}, 30_000)

/** Fills the device as the web app does; with `progress`, going on from its mark if any. */
function fill(meddle?: Parameters<typeof transport>[0], progress?: FillProgress) {
  return fillCollection({
    collection: apps,
    remote: definition.remote,
    replicationIdentifier: replicationIdentifierOf(definition.remote),
    status,
    account,
    transport: transport(meddle),
    progress,
    resume: progress?.read(definition.remote),
  })
}

/** Fills the empty device, then replicates from where the fill ended. */
function fillThenReplicate(meddle?: Parameters<typeof transport>[0], retryTiming?: RetryTiming) {
  const filled = fill(meddle)
  return { fill: filled, replication: replicate({ meddle, fill: filled, retryTiming }) }
}

test('an empty device fills in whole pages, pushes none of it back, and later changes still arrive', async () => {
  seedCentral(server.deps.organisations.get(account.organisationId), account.organisationId, {
    users: 0,
    apps: 2100,
  })
  const [early, gone] = await (
    await typedClient(server.url, root.cookies)['app-connections'].$get()
  ).json()
  if (!early || !gone) throw new Error('seeded apps missing')
  const calls: string[] = []
  const { fill, replication } = fillThenReplicate(async (url, send) => {
    calls.push(url.replace(/^.*\/appConnections\//, ''))
    const answer = await send()
    // Changed and deleted on the server after the fill's first page: a later page of the
    // fill brings them again.
    if (url.includes('checkpoint=0&')) {
      await root.request('PATCH', `/api/app-connections/${early.id}`, {
        name: 'Tijdens het vullen',
      })
      await root.request('DELETE', `/api/app-connections/${gone.id}`)
    }
    return answer
  })
  const filled = await fill
  await replication.awaitInSync()
  const onServer = await (
    await typedClient(server.url, root.cookies)['app-connections'].$get()
  ).json()
  expect(filled?.isComplete).toBe(true)
  expect((await apps.findOne(early.id).exec())?.toJSON().name).toBe('Tijdens het vullen')
  expect(await apps.findOne(gone.id).exec()).toBeNull()
  // Nothing looks unsent: the assumed states hold what the device holds.
  expect(await findUnsentChanges(replication, definition)).toEqual([])
  expect(await apps.count().exec()).toBe(onServer.length)
  expect(calls.filter((call) => call.startsWith('push'))).toEqual([])
  // Three pages of at most 1,000, then the replication asks only for what came after.
  expect(calls.filter((call) => call.includes('checkpoint=0&'))).toHaveLength(1)
  expect(calls.filter((call) => call.startsWith('pull')).length).toBeLessThanOrEqual(5)

  // A filled copy is the server's: a change and a deletion made there overwrite it.
  const [changed, removed] = onServer.filter((app) => app.id !== early.id && app.id !== gone.id)
  if (!changed || !removed) throw new Error('seeded apps missing')
  expect(
    (
      await root.request('PATCH', `/api/app-connections/${changed.id}`, {
        name: 'Op de server gewijzigd',
      })
    ).status,
  ).toBe(200)
  expect((await root.request('DELETE', `/api/app-connections/${removed.id}`)).status).toBe(200)
  resync()
  await replication.awaitInSync()
  await expect
    .poll(async () => (await apps.findOne(changed.id).exec())?.toJSON().name)
    .toBe('Op de server gewijzigd')
  expect(await apps.findOne(removed.id).exec()).toBeNull()
  expect(await findUnsentChanges(replication, definition)).toEqual([])
  await replication.cancel()
})

test('an offline edit of a filled document merges with a colleague’s edit of another field', async () => {
  let isOffline = false
  const { fill, replication } = fillThenReplicate(async (_url, send) => {
    if (isOffline) throw new TypeError('Failed to fetch')
    return send()
  }, QUICK_RETRIES)
  await fill
  await replication.awaitInSync()
  const [target] = await (
    await typedClient(server.url, root.cookies)['app-connections'].$get()
  ).json()
  if (!target) throw new Error('no app to edit')
  isOffline = true
  await apps.findOne(target.id).incrementalPatch({ description: 'Op het apparaat bewerkt' })
  expect(
    (
      await root.request('PATCH', `/api/app-connections/${target.id}`, {
        url: 'https://collega.example.com',
      })
    ).status,
  ).toBe(200)
  isOffline = false
  resync()
  await expect
    .poll(async () => (await serverApp(target.id))?.description, { timeout: 10_000 })
    .toBe('Op het apparaat bewerkt')
  await replication.awaitInSync()
  expect((await serverApp(target.id))?.url).toBe('https://collega.example.com')
  await expect
    .poll(async () => (await apps.findOne(target.id).exec())?.toJSON().url)
    .toBe('https://collega.example.com')
  expect(status.get().refused).toEqual([])
  await replication.cancel()
}, 30_000)

/** localStorage as a page keeps it across a reload. */
function pageStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  }
}

test('a first fill cut off by a reload goes on from its mark: nothing filled is pushed or waits, one offline edit is one change', async () => {
  seedCentral(server.deps.organisations.get(account.organisationId), account.organisationId, {
    users: 0,
    apps: 2100,
  })
  const progress = createFillProgress('recovery', pageStorage())
  // The page is closed while the second page travels: the first is stored, nothing else runs.
  void fill(
    (url, send) => (url.includes('checkpoint=0&') ? send() : new Promise(() => {})),
    progress,
  )
  await expect.poll(() => progress.read(definition.remote)?.pull.seq ?? 0).toBeGreaterThan(0)
  expect(await apps.count().exec()).toBe(1000)

  // The next start finds the mark and goes on with the same fill.
  const calls: string[] = []
  let isOffline = false
  const meddle = async (url: string, send: () => Promise<Response>) => {
    if (isOffline) throw new TypeError('Failed to fetch')
    calls.push(url.replace(/^.*\/appConnections\//, ''))
    return send()
  }
  const resumed = fill(meddle, progress)
  const replication = replicate({ meddle, fill: resumed, fillProgress: progress })
  expect((await resumed)?.isComplete).toBe(true)
  await replication.awaitInSync()
  const onServer = await (
    await typedClient(server.url, root.cookies)['app-connections'].$get()
  ).json()
  expect(await apps.count().exec()).toBe(onServer.length)
  expect(calls.filter((call) => call.includes('checkpoint=0&'))).toEqual([])
  expect(calls.filter((call) => call.startsWith('push'))).toEqual([])
  expect(await findUnsentChanges(replication, definition)).toEqual([])
  await expect.poll(() => progress.read(definition.remote)).toBeUndefined()

  isOffline = true
  const [target] = onServer
  if (!target) throw new Error('no app to edit')
  await apps.findOne(target.id).incrementalPatch({ description: 'Offline na het herladen' })
  const unsent = await findUnsentChanges(replication, definition)
  expect(unsent?.map((change) => [change.id, change.kind])).toEqual([[target.id, 'update']])
  isOffline = false
  resync()
  await expect
    .poll(async () => (await serverApp(target.id))?.description, { timeout: 10_000 })
    .toBe('Offline na het herladen')
  await replication.cancel()
}, 30_000)
