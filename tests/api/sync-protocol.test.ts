import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { appConnections, syncQueue, users } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import { ROLE_PERMISSIONS } from '#schema/permissions'
import { takeNextSeq } from '#server/db/next-seq'
import { defineTableCollection } from '#server/replication/define-table-collection'
import { pullChanges } from '#server/replication/pull'
import { pushChanges } from '#server/replication/push'
import { toUserDocument } from '#server/services/users/to-user-document'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import type { Pulled } from '../support/answers.ts'
import { signInAtNewOrganisation } from '../support/api-organisations.ts'
import { type Client, createClient } from '../support/http.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Apps = InferResponseType<TypedApi['app-connections']['$get'], 200>
type Users = InferResponseType<TypedApi['users']['$get'], 200>

let server: TestServer
let admin: Client
let reader: Client
let otherAdmin: Client

const app = (name: string, extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  name,
  url: `https://${name.toLowerCase().replace(/\W/g, '')}.example.com`,
  description: null,
  status: 'active',
  _deleted: false,
  ...extra,
})

/** A new user's document as a device pushes it. */
const userDocument = (name: string, email: string) => ({
  id: uuidv7(),
  name,
  email,
  role: 'USER',
  status: 'active',
  _deleted: false,
})

async function pullAll(client: Client, collection: string, limit: number, from = 0) {
  const pages: number[] = []
  const documents: { id: string }[] = []
  let checkpoint = from
  for (;;) {
    const page = await client.get(
      `/api/sync/v1/${collection}/pull?checkpoint=${checkpoint}&limit=${limit}`,
    )
    expect(page.status).toBe(200)
    const answer = page.json as Pulled
    pages.push(answer.documents.length)
    documents.push(...answer.documents)
    checkpoint = answer.checkpoint.seq
    if (answer.documents.length < limit) return { pages, documents, checkpoint }
  }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadmin(server)
  reader = await signInInvitedUser(server, { email: 'reader@example.com', role: 'USER' })
  otherAdmin = await signInAtNewOrganisation(server, 'org-b', 'ADMIN', 'admin@b.example')
})
afterAll(() => server.close())

/** `answer` takes each of `rows` and gives it back as stored, with the seq the server gave it. */
function expectEachStored(answer: { json: unknown }, rows: { newDocumentState: { id: string } }[]) {
  const { refused, conflicts } = answer.json as Pushed
  expect(refused).toEqual([])
  expect(conflicts.map((doc) => doc.id)).toEqual(rows.map((row) => row.newDocumentState.id))
  expect(conflicts.every((doc) => typeof doc.seq === 'number' && doc.seq > 0)).toBe(true)
}

describe('pull', () => {
  test('more rows than the limit, written in one transaction, all arrive with a small limit', async () => {
    const rows = Array.from({ length: 25 }, (_, index) => ({
      newDocumentState: app(`Batch ${index}`),
    }))
    const push = await admin.post('/api/sync/v1/appConnections/push', { rows })
    // Each written row comes back as stored, with the seq the server gave it.
    expectEachStored(push, rows)
    const { pages, documents } = await pullAll(admin, 'appConnections', 10)
    expect(pages).toEqual([10, 10, 5])
    expect(new Set(documents.map((doc) => doc.id))).toEqual(
      new Set(rows.map((row) => row.newDocumentState.id)),
    )
  })

  test('rows the caller may not read never make a page short', () => {
    const db = server.deps.organisations.get('default-org')
    const onlyUsers = defineTableCollection({
      name: 'usersWithRoleUser',
      table: users,
      readPermission: 'users.read',
      toDocument: toUserDocument,
      readFilter: () => eq(users.role, 'USER'),
    })
    const ctx = {
      db,
      systemDb: server.deps.systemDb,
      directory: server.deps.directory,
      actor: {
        userId: null,
        name: 't',
        role: 'ADMIN' as const,
        organisationId: 'default-org',
        permissions: new Set(ROLE_PERMISSIONS.ADMIN),
      },
    }
    const now = Date.now()
    db.transaction((tx) => {
      for (let index = 0; index < 40; index++) {
        tx.insert(users)
          .values({
            id: uuidv7(),
            seq: takeNextSeq(tx),
            updatedAt: now,
            organisationId: 'default-org',
            name: `Filler ${index}`,
            email: `filler${index}@example.com`,
            role: index % 4 === 0 ? 'USER' : 'MANAGER',
            createdAt: now,
          })
          .run()
      }
    })
    const visible = db.select().from(users).where(eq(users.role, 'USER')).all().length
    let checkpoint = 0
    const sizes: number[] = []
    for (;;) {
      const page = pullChanges(ctx, onlyUsers, checkpoint, 3)
      sizes.push(page.documents.length)
      expect(page.documents.every((doc) => doc.role === 'USER')).toBe(true)
      checkpoint = page.checkpoint.seq
      if (page.documents.length < 3) break
    }
    expect(sizes.slice(0, -1).every((size) => size === 3)).toBe(true)
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(visible)
  })

  test('an unknown protocol version answers 426, an unknown collection 404', async () => {
    expect((await admin.get('/api/sync/v0/users/pull')).status).toBe(426)
    expect((await admin.post('/api/sync/v2/users/push', { rows: [] })).status).toBe(426)
    expect((await admin.get('/api/sync/v1/secrets/pull')).status).toBe(404)
    expect((await admin.get('/api/sync/v1/users/pull?limit=0')).status).toBe(400)
  })
})

describe('push', () => {
  test('a replayed batch writes nothing twice', async () => {
    const rows = [{ newDocumentState: app('Replay One') }, { newDocumentState: app('Replay Two') }]
    await admin.post('/api/sync/v1/appConnections/push', { rows })
    const before = await pullAll(admin, 'activities', 1000)
    const replay = await admin.post('/api/sync/v1/appConnections/push', { rows })
    // The copies sent had no seq: the answer gives each its stored state, seq included.
    expectEachStored(replay, rows)
    // Once the client holds the stored state, a replay of it answers nothing.
    const again = await admin.post('/api/sync/v1/appConnections/push', {
      rows: (replay.json as Pushed).conflicts.map((doc) => ({ newDocumentState: doc })),
    })
    expect(again.json).toEqual({ conflicts: [], refused: [] } satisfies Pushed)
    const after = await pullAll(admin, 'activities', 1000)
    expect(after.documents.length).toBe(before.documents.length)
    const names = ((await admin.get('/api/app-connections')).json as Apps).map((row) => row.name)
    expect(names.filter((name) => name.startsWith('Replay'))).toEqual(['Replay One', 'Replay Two'])
  })

  test('a stale assumed state is a conflict answered with the stored state', async () => {
    const original = app('Conflicted')
    await admin.post('/api/sync/v1/appConnections/push', { rows: [{ newDocumentState: original }] })
    const first = { ...original, description: 'first' }
    await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: first, assumedMasterState: original }],
    })
    const late = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [
        { newDocumentState: { ...original, description: 'second' }, assumedMasterState: original },
      ],
    })
    expect((late.json as Pushed).conflicts).toHaveLength(1)
    expect((late.json as Pushed).conflicts[0]).toMatchObject({
      id: original.id,
      description: 'first',
      _deleted: false,
    })
  })

  test('a create whose answer was lost gets the stored state back, so it leaves seq 0', async () => {
    const created = { ...app('Lost Answer'), seq: 0 }
    const first = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: created }],
    })
    expect((first.json as Pushed).refused).toEqual([])
    expect((first.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(0)
    // The answer never arrived; after a restart the same create is pushed again.
    const retried = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: created }],
    })
    expect((retried.json as Pushed).refused).toEqual([])
    expect((retried.json as Pushed).conflicts).toHaveLength(1)
    expect((retried.json as Pushed).conflicts[0]).toMatchObject({
      id: created.id,
      name: 'Lost Answer',
    })
    expect((retried.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(0)
  })

  test("without an assumed state, the document's own seq decides: pending edits survive a new protocol", async () => {
    const original = { ...app('Seq Based'), seq: 0 }
    await admin.post('/api/sync/v1/appConnections/push', { rows: [{ newDocumentState: original }] })
    const stored = (await pullAll(admin, 'appConnections', 1000)).documents.find(
      (doc) => doc.id === original.id,
    ) as unknown as typeof original
    // Edited on top of the stored seq, pushed by a replication that lost its bookkeeping.
    const edited = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: { ...stored, description: 'offline edit' } }],
    })
    expect((edited.json as Pushed).refused).toEqual([])
    expect((edited.json as Pushed).conflicts).toHaveLength(1)
    expect((edited.json as Pushed).conflicts[0]).toMatchObject({ description: 'offline edit' })
    expect((edited.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(stored.seq)
    const after = ((await admin.get('/api/app-connections')).json as Apps).find(
      (row) => row.id === original.id,
    )
    expect(after!.description).toBe('offline edit')
    // An edit on top of an older seq is a conflict answered with the stored state.
    const stale = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: { ...stored, description: 'stale edit' } }],
    })
    expect((stale.json as Pushed).conflicts).toHaveLength(1)
    expect((stale.json as Pushed).conflicts[0]).toMatchObject({ description: 'offline edit' })
    expect((stale.json as Pushed).conflicts[0]?.seq).toBeGreaterThan(stored.seq)
  })

  test('a replay from a copy with other server fields (same seq) is answered with the stored row', async () => {
    const created = { ...app('Server Fields'), seq: 0 }
    await admin.post('/api/sync/v1/appConnections/push', { rows: [{ newDocumentState: created }] })
    const stored = (await pullAll(admin, 'appConnections', 1000)).documents.find(
      (doc) => doc.id === created.id,
    ) as unknown as Record<string, unknown>
    // A device that carried its own value of a field the server sets.
    const replay = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: { ...stored, updatedAt: 1 }, assumedMasterState: stored }],
    })
    expect((replay.json as Pushed).conflicts).toEqual([{ ...stored }])
    // Holding the stored row, nothing to answer.
    const same = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: stored, assumedMasterState: stored }],
    })
    expect(same.json).toEqual({ conflicts: [], refused: [] } satisfies Pushed)
  })

  test("the server's own failure is no refusal: the batch fails whole, to be sent again", async () => {
    const db = server.deps.organisations.get('default-org')
    const failing = defineTableCollection({
      name: 'failingApps',
      table: appConnections,
      readPermission: 'apps.read',
      toDocument: (row: typeof appConnections.$inferSelect) => ({ ...row }),
      writableFields: ['name'],
      write: {
        create: () => {
          throw new TypeError('a bug')
        },
        update: () => undefined,
        delete: () => undefined,
      },
    })
    const ctx = {
      db,
      systemDb: server.deps.systemDb,
      directory: server.deps.directory,
      actor: {
        userId: 'u',
        name: 't',
        role: 'ADMIN' as const,
        organisationId: 'default-org',
        permissions: new Set(ROLE_PERMISSIONS.ADMIN),
      },
    }
    const refusalsBefore = db.select().from(syncQueue).all().length
    const quiet = { ...server.deps.log, error: () => undefined }
    await expect(
      pushChanges(ctx, failing, [{ newDocumentState: app('Bug') }], quiet as never),
    ).rejects.toThrow('a bug')
    expect(db.select().from(syncQueue).all().length).toBe(refusalsBefore)
  })

  test('a USER pushing a user or an app edit is refused with the reason; nothing changes', async () => {
    const usersBefore = ((await admin.get('/api/users')).json as Users).length
    const newUser = userDocument('Pushed Person', 'pushed@example.com')
    const refused = await reader.post('/api/sync/v1/users/push', {
      rows: [{ newDocumentState: newUser }],
    })
    expect((refused.json as Pushed).refused).toEqual([
      { id: newUser.id, reason: expect.stringContaining('users.write') },
    ])
    expect((refused.json as Pushed).conflicts[0]).toMatchObject({ id: newUser.id, _deleted: true })
    expect(((await admin.get('/api/users')).json as Users).length).toBe(usersBefore)

    const target = ((await admin.get('/api/app-connections')).json as Apps)[0]!
    const stored = { ...target, _deleted: false }
    const edit = await reader.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: { ...stored, name: 'Hijacked' }, assumedMasterState: stored }],
    })
    expect((edit.json as Pushed).refused[0]?.reason).toContain('apps.write')
    expect((edit.json as Pushed).conflicts[0]?.name).toBe(target.name)
    const after = ((await admin.get('/api/app-connections')).json as Apps).find(
      (row) => row.id === target.id,
    )
    expect(after!.name).toBe(target.name)
  })

  test('a user a push creates is in the login directory when the push is answered; a pushed delete takes it out', async () => {
    const listed = (userId: string) =>
      server.deps.systemDb
        .select({ email: loginDirectory.email, organisationId: loginDirectory.organisationId })
        .from(loginDirectory)
        .where(eq(loginDirectory.userId, userId))
        .all()
    const person = userDocument('Listed Person', 'listed@example.com')
    const created = await admin.post('/api/sync/v1/users/push', {
      rows: [{ newDocumentState: person }],
    })
    expect((created.json as Pushed).refused).toEqual([])
    expect(listed(person.id)).toEqual([
      { email: 'listed@example.com', organisationId: 'default-org' },
    ])
    const twin = { ...person, id: uuidv7() }
    const taken = await admin.post('/api/sync/v1/users/push', {
      rows: [{ newDocumentState: twin }],
    })
    expect((taken.json as Pushed).refused).toEqual([
      { id: twin.id, reason: 'Dit e-mailadres is al in gebruik' },
    ])
    expect(listed(twin.id)).toEqual([])
    const stored = (created.json as Pushed).conflicts.find((row) => row.id === person.id)!
    const deleted = await admin.post('/api/sync/v1/users/push', {
      rows: [{ newDocumentState: { ...stored, _deleted: true }, assumedMasterState: stored }],
    })
    expect((deleted.json as Pushed).refused).toEqual([])
    expect(listed(person.id)).toEqual([])
  })

  test('activities are read-only for clients', async () => {
    const [activity] = (await pullAll(admin, 'activities', 1)).documents
    const response = await admin.post('/api/sync/v1/activities/push', {
      rows: [
        {
          newDocumentState: { ...activity, action: 'forged', _deleted: false },
          assumedMasterState: activity,
        },
      ],
    })
    expect((response.json as Pushed).refused[0]?.reason).toMatch(/alleen door de server/)
  })

  test('invalid documents are refused with the field named', async () => {
    const response = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: app('Bad Url', { url: 'ftp:/nope' }) }],
    })
    expect((response.json as Pushed).refused[0]?.reason).toMatch(/url: Voer een geldige URL in/)
  })
})

describe('organisations never see each other', () => {
  test('no org-B row by pull, by push answer or by stream', async () => {
    const ourCookie = [...admin.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    const stream = await openEventStream(`${server.url}/api/sync/v1/stream`, ourCookie)
    expect(stream.status).toBe(200)
    await waitFor(() => stream.messages.length >= 1)
    expect(stream.messages[0]).toEqual({ type: 'RESYNC' })

    const secret = app('B Secret')
    await otherAdmin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: secret }],
    })
    // This stream says only "something changed": a stray message for B's write looks like
    // any later one of ours, so no later write can prove it absent. A window it is.
    await quietPeriod(200, "org B's write must not reach org A's stream")
    expect(stream.messages).toEqual([{ type: 'RESYNC' }])
    // An org-A push of the same id creates org A's own row; it never answers with B's.
    const clash = await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: { ...secret, name: 'A Own' }, assumedMasterState: secret }],
    })
    expect(JSON.stringify(clash.json)).not.toContain('B Secret')
    const ours = await pullAll(admin, 'appConnections', 1000)
    expect(JSON.stringify(ours.documents)).not.toContain('B Secret')
    const users = await pullAll(admin, 'users', 1000)
    expect(JSON.stringify(users.documents)).not.toContain('admin@b.example')
    // Org A's own write (the clash above) is announced on A's stream.
    await waitFor(() => stream.messages.length >= 2)
    expect(stream.messages[1]).toEqual({
      type: 'CHANGE',
      collections: ['users', 'appConnections', 'activities'],
    })
    await stream.close()
  })
})

describe('restart', () => {
  test('seq continues after a restart, so no row hides behind a checkpoint', async () => {
    await admin.post('/api/sync/v1/appConnections/push', {
      rows: [{ newDocumentState: app('Before Restart') }],
    })
    const { checkpoint } = await pullAll(admin, 'appConnections', 100)
    const dataDir = server.dataDir
    await server.close({ keepData: true })
    server = await startTestServer({}, { dataDir })
    admin = createClient(server.url)
    const again = await admin.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    expect(again.status).toBe(200)
    const after = app('After Restart')
    await admin.post('/api/sync/v1/appConnections/push', { rows: [{ newDocumentState: after }] })
    const { documents } = await pullAll(admin, 'appConnections', 100, checkpoint)
    expect(documents.map((doc) => doc.id)).toEqual([after.id])
  })
})
