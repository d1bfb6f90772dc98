import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { readReplicationSeq } from '#server/db/next-seq'
import type { StreamedChanges, StreamMessage } from '#sync/protocol'
import {
  signInFirstSuperadminWithGoldEstates,
  signInNewSeller,
  signInSeller,
} from '../support/accounts.ts'
import type { Project, Pulled, Seller } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { type Client, cookieOf } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { moveSellerSignIn } from '../support/sqlite.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type SalesUser = InferResponseType<TypedApi['gold-estates']['auth']['user']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type Sale = InferResponseType<TypedApi['gold-estates']['sales']['$post'], 201>

// The event stream carries the changed documents (decision 018): after each write every
// listener receives, per collection, exactly what its own pull would answer for the seqs
// that write committed, read under its rights now. A SELLER's stream never carries a
// colleague's line or share.

type Stream = Awaited<ReturnType<typeof openEventStream>>
const SALES_COLLECTIONS = ['projects', 'sellers', 'sales', 'commissions', 'commissionPayments']

let server: TestServer
let admin: Client
let xander: Client
let projectId: string
let organisationId: string
const sellerIds: Record<string, string> = {}
const streams: Stream[] = []

async function openSalesStream(client: Client, query = 'area=sales&documents=1') {
  const stream = await openEventStream(
    `${server.url}/api/sync/v1/stream?${query}`,
    cookieOf(client),
  )
  streams.push(stream)
  expect(stream.status).toBe(200)
  // The opening RESYNC comes first; a batch of what committed just before may follow it.
  await waitFor(() => stream.messages.length >= 1)
  expect(stream.messages[0]).toEqual({ type: 'RESYNC' })
  return stream
}

/** The organisation's last committed seq now. */
const committedSeq = () => readReplicationSeq(server.deps.organisations.get(organisationId))

/**
 * The stream's messages after the first `before`, once one of them told of every seq up to
 * `seq` (or was a RESYNC, which tells of everything): a write told in two batches would
 * have brought both by then, so their number is the count of batches it took.
 */
async function messagesUpTo(stream: Stream, before: number, seq: number) {
  const isTold = (message: StreamMessage) =>
    message.type === 'RESYNC' || (message.type === 'CHANGES' && message.to >= seq)
  await waitFor(() => (stream.messages.slice(before) as StreamMessage[]).some(isTold))
  return stream.messages.slice(before) as StreamMessage[]
}

/** The messages a write brings to a stream (it must bring at least one). */
async function messagesOfNextWrite(stream: Stream, write: () => Promise<unknown>) {
  const before = stream.messages.length
  await write()
  return messagesUpTo(stream, before, committedSeq())
}

async function pull(client: Client, collection: string, seq: number) {
  const page = await client.get(`/api/sync/v1/${collection}/pull?checkpoint=${seq}&limit=1000`)
  expect(page.status).toBe(200)
  return page.json as Pulled
}

/** Each collection's streamed documents equal the reader's own pull of the same range. */
async function expectSameAsPull(client: Client, message: StreamedChanges) {
  for (const collection of SALES_COLLECTIONS) {
    const page = await pull(client, collection, message.from)
    expect(page.upTo, 'no write since the batch').toBe(message.to)
    expect(message.documents[collection] ?? [], collection).toEqual(page.documents)
    expect(message.access).toBe(page.checkpoint.access)
  }
}

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
  projectId = await addProject(admin, 'Havenkwartier')
  organisationId = String(
    ((await admin.get('/api/gold-estates/auth/user')).json as SalesUser).organizationId,
  )
  for (const name of ['Xander', 'Yara']) {
    const email = `${name.toLowerCase()}@example.com`
    sellerIds[name] = (
      (await admin.post('/api/gold-estates/sellers', { name, email })).json as Seller
    ).id
  }
  xander = await signInSeller(server, admin, {
    id: sellerIds.Xander as string,
    email: 'xander@example.com',
    role: 'SELLER',
  })
})
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()))
  await server?.close()
})

test("a write reaches each stream as the documents that reader's pull answers, a SELLER's own share only", async () => {
  const adminStream = await openSalesStream(admin)
  const sellerStream = await openSalesStream(xander)
  const register = (lines: { sellerId: string; percentage: number }[], clientName: string) =>
    admin.post(
      '/api/gold-estates/sales',
      buildSalePayload({ projectId, clientName, salePrice: 300_000_00, lines }),
    )
  const writes: [string, () => Promise<{ status: number; json: Sale | Project }>][] = [
    [
      'a sale of Yara alone',
      () => register([{ sellerId: sellerIds.Yara as string, percentage: 100 }], 'Klant Y'),
    ],
    [
      'a sale shared by Xander and Yara',
      () =>
        register(
          [
            { sellerId: sellerIds.Xander as string, percentage: 60 },
            { sellerId: sellerIds.Yara as string, percentage: 40 },
          ],
          'Klant XY',
        ),
    ],
    ['a new project', () => admin.post('/api/gold-estates/projects', { name: 'Zuidas' })],
  ]
  let shared = ''
  for (const [name, write] of writes) {
    const before = [adminStream.messages.length, sellerStream.messages.length] as const
    const answer = await write()
    const seq = committedSeq()
    const adminMessages = await messagesUpTo(adminStream, before[0], seq)
    const sellerMessages = await messagesUpTo(sellerStream, before[1], seq)
    expect(answer.status, name).toBeLessThan(300)
    if (name === 'a sale shared by Xander and Yara') shared = answer.json.id
    expect(adminMessages, name).toHaveLength(1)
    expect(sellerMessages, name).toHaveLength(1)
    const [adminMessage] = adminMessages as [StreamedChanges]
    const [sellerMessage] = sellerMessages as [StreamedChanges]
    expect(adminMessage.type).toBe('CHANGES')
    expect(sellerMessage.type).toBe('CHANGES')
    await expectSameAsPull(admin, adminMessage)
    await expectSameAsPull(xander, sellerMessage)
  }
  // What that means for the shared sale: the ADMIN got both lines and the whole split,
  // Xander only his own line, his own split entry, and nothing of Yara's own sale.
  const streamed = (stream: Stream, collection: string) =>
    stream.messages.flatMap((message) =>
      (message as StreamMessage).type === 'CHANGES'
        ? ((message as StreamedChanges).documents[collection] ?? [])
        : [],
    ) as Record<string, unknown>[]
  expect(streamed(adminStream, 'commissions')).toHaveLength(3)
  const sellerLines = streamed(sellerStream, 'commissions')
  expect(sellerLines.map((line) => line.sellerId)).toEqual([sellerIds.Xander])
  const sellerSales = streamed(sellerStream, 'sales')
  expect(sellerSales.map((sale) => sale.id)).toEqual([shared])
  // Nothing of Yara's: not her line, her share of the split or her own sale.
  expect(JSON.stringify(sellerStream.messages)).not.toContain(sellerIds.Yara)
  expect(JSON.stringify(sellerStream.messages)).not.toContain('Klant Y"')
})

test("two SELLERs told of one batch each get their own share, never the other's", async () => {
  const { id: zoe, client: zoeClient } = await signInNewSeller(server, admin, {
    name: 'Zoë',
    email: 'zoe@example.com',
    role: 'SELLER',
  })
  const xanderStream = await openSalesStream(xander)
  const zoeStream = await openSalesStream(zoeClient)
  const zoeBefore = zoeStream.messages.length
  const xanderMessages = await messagesOfNextWrite(xanderStream, () =>
    admin.post(
      '/api/gold-estates/sales',
      buildSalePayload({
        projectId,
        clientName: 'Klant van Zoë',
        salePrice: 410_000_00,
        lines: [{ sellerId: zoe, percentage: 100 }],
      }),
    ),
  )
  const [forZoe] = (await messagesUpTo(zoeStream, zoeBefore, committedSeq())) as StreamedChanges[]
  const [forXander] = xanderMessages as StreamedChanges[]
  expect(forZoe?.documents.sales?.map((sale) => sale.clientName)).toEqual(['Klant van Zoë'])
  // The project's sold units moved: that reaches both; the sale and its line only Zoë.
  expect(Object.keys(forXander?.documents ?? {})).toEqual(['projects'])
  await expectSameAsPull(zoeClient, forZoe as StreamedChanges)
  await expectSameAsPull(xander, forXander as StreamedChanges)
})

test('a change of rights is a RESYNC, not documents read under the old rights', async () => {
  const sellerStream = await openSalesStream(xander)
  // Xander's sign-in is linked to Yara's seller record instead (as access-change.test.ts).
  moveSellerSignIn(server.dataDir, sellerIds.Xander as string, sellerIds.Yara as string)
  const messages = await messagesOfNextWrite(sellerStream, () =>
    admin.post('/api/gold-estates/projects', { name: 'Noordkade' }),
  )
  expect(messages).toEqual([{ type: 'RESYNC' }])
  // From then on, documents again, under the new rights.
  const next = await messagesOfNextWrite(sellerStream, () =>
    admin.post('/api/gold-estates/projects', { name: 'Westhaven' }),
  )
  expect(next.map((message) => message.type)).toEqual(['CHANGES'])
  await expectSameAsPull(xander, next[0] as StreamedChanges)
  moveSellerSignIn(server.dataDir, sellerIds.Yara as string, sellerIds.Xander as string)
})

test('more than a stream carries (a batch of 250 projects) is a RESYNC: devices pull it in pages', async () => {
  const adminStream = await openSalesStream(admin)
  const rows = Array.from({ length: 250 }, (_, index) => ({
    newDocumentState: {
      id: uuidv7(),
      name: `Project ${index}`,
      location: null,
      type: null,
      label: null,
      description: null,
      totalUnits: null,
      status: 'active',
      _deleted: false,
    },
  }))
  let answer: { status: number; json: Pushed } | undefined
  const messages = await messagesOfNextWrite(adminStream, async () => {
    answer = await admin.post('/api/sync/v1/projects/push', { rows })
  })
  expect(answer?.status).toBe(200)
  expect(answer?.json.refused).toEqual([])
  expect(messages).toEqual([{ type: 'RESYNC' }])
})

test('a signed-out listener is told nothing more: its stream ends at the next change', async () => {
  const yara = await signInSeller(server, admin, {
    id: sellerIds.Yara as string,
    email: 'yara@example.com',
    role: 'SELLER',
  })
  const stream = await openSalesStream(yara)
  const cookie = cookieOf(yara)
  expect((await yara.post('/api/gold-estates/auth/logout')).status).toBeLessThan(300)
  // The stream's cookie still names the ended session.
  expect(cookie).toContain('=')
  const before = stream.messages.length
  await admin.post('/api/gold-estates/projects', { name: 'Oostpunt' })
  // The server ends the stream at that change: once ended, nothing more can come.
  await stream.ended
  expect(stream.messages.length).toBe(before)
})
