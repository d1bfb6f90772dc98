import { afterAll, beforeAll, expect, test } from 'vitest'
import type { StreamMessage } from '#sync/protocol'
import {
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
  signInSeller,
} from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { signInNewOrganisationOwner } from '../support/api-organisations.ts'
import { type Client, cookieOf, createClient } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// The stream that carries documents (decision 018), attacked as an outsider, another
// organisation's ADMIN, a SELLER and a person without the right to a collection: each
// hears only what their own pull would give them.

let server: TestServer
let ownerA: Client
let ownerB: Client
let projectA: string
const streams: Awaited<ReturnType<typeof openEventStream>>[] = []

async function open(client: Client | undefined, area: 'central' | 'sales') {
  const url = `${server.url}/api/sync/v1/stream?area=${area}&documents=1`
  const stream = await openEventStream(url, client ? cookieOf(client) : '')
  streams.push(stream)
  return stream
}

const registerSale = (client: Client, projectId: string, sellerId: string, clientName: string) =>
  client.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId,
      clientName,
      salePrice: 200_000_00,
      lines: [{ sellerId, percentage: 100 }],
    }),
  )

beforeAll(async () => {
  server = await startTestServer()
  ownerA = await signInFirstSuperadminWithGoldEstates(server)
  projectA = await addProject(ownerA, 'Alfa')
  ownerB = await signInNewOrganisationOwner(server, 'org-b', 'owner@b.example')
  expect((await ownerB.post('/api/admin/launch-gold-estates')).status).toBe(200)
})
afterAll(async () => {
  await Promise.all(streams.map((stream) => stream.close()))
  await server?.close()
})

test('an outsider without a session gets no stream, in either area', async () => {
  expect((await open(undefined, 'sales')).status).toBe(401)
  expect((await open(undefined, 'central')).status).toBe(401)
  // A central session opens no sales stream: the areas have their own sessions.
  const centralOnly = createClient(server.url)
  centralOnly.cookies.set('centraal_session', ownerA.cookies.get('centraal_session') ?? '')
  expect((await open(centralOnly, 'sales')).status).toBe(401)
})

test("another organisation's ADMIN hears nothing of ours, and we nothing of theirs", async () => {
  const streamB = await open(ownerB, 'sales')
  const streamA = await open(ownerA, 'sales')
  await waitFor(() => streamA.messages.length >= 1 && streamB.messages.length >= 1)
  const seller = (
    (await ownerA.post('/api/gold-estates/sellers', { name: 'Anna', email: 'anna@a.example' }))
      .json as Seller
  ).id
  expect((await registerSale(ownerA, projectA, seller, 'Geheime Klant A')).status).toBe(201)
  await waitFor(() =>
    streamA.messages.some((message) => JSON.stringify(message).includes('Geheime Klant A')),
  )
  const projectB = await addProject(ownerB, 'Bravo')
  const sellerB = (
    (await ownerB.post('/api/gold-estates/sellers', { name: 'Bob', email: 'bob@b.example' }))
      .json as Seller
  ).id
  expect((await registerSale(ownerB, projectB, sellerB, 'Geheime Klant B')).status).toBe(201)
  await waitFor(() =>
    streamB.messages.some((message) => JSON.stringify(message).includes('Geheime Klant B')),
  )
  // Org A's stream heard of A's sale before B wrote, B's of B's sale: a later write of A's,
  // once heard, proves A's stream was told all before it, B's sale had it leaked included.
  await ownerA.post('/api/gold-estates/projects', { name: 'Markering A' })
  await waitFor(() => JSON.stringify(streamA.messages).includes('Markering A'))
  expect(JSON.stringify(streamB.messages)).not.toContain('Geheime Klant A')
  expect(JSON.stringify(streamB.messages)).not.toContain(seller)
  expect(JSON.stringify(streamA.messages)).not.toContain('Geheime Klant B')
  expect(JSON.stringify(streamA.messages)).not.toContain(sellerB)
})

test("a SELLER hears nothing of a colleague's sale, a central USER nothing of the sales area", async () => {
  // Gert is a SELLER: he reads his own sales only.
  const gertId = (
    (await ownerA.post('/api/gold-estates/sellers', { name: 'Gert', email: 'gert@a.example' }))
      .json as Seller
  ).id
  const gert = await signInSeller(server, ownerA, {
    id: gertId,
    email: 'gert@a.example',
    role: 'SELLER',
  })
  // A central USER: the central stream, under central rights.
  const user = await signInInvitedUser(server, { email: 'user@a.example', role: 'USER' })
  const sellerStream = await open(gert, 'sales')
  const userStream = await open(user, 'central')
  // Each stream opens with its RESYNC. The sign-ins just before wrote lastActive, which the
  // organisation's streams may hear of after they opened: the USER's as a users change,
  // the SELLER's as a change with nothing of the sales area (checked below).
  await waitFor(() => sellerStream.messages.length >= 1 && userStream.messages.length >= 1)
  const other = (
    (await ownerA.post('/api/gold-estates/sellers', { name: 'Olga', email: 'olga@a.example' }))
      .json as Seller
  ).id
  expect((await registerSale(ownerA, projectA, other, 'Klant van Olga')).status).toBe(201)
  // Later writes each stream may read: once heard, everything of the sale before them was
  // told too (a stream is told of the organisation's changes in order).
  await ownerA.post('/api/gold-estates/projects', { name: 'Markering verkoop' })
  await ownerA.post('/api/app-connections', { name: 'Markering', url: 'https://m.example.com' })
  await waitFor(() => JSON.stringify(sellerStream.messages).includes('Markering verkoop'))
  await waitFor(() => JSON.stringify(userStream.messages).includes('https://m.example.com'))
  const changes = sellerStream.messages.slice(1) as StreamMessage[]
  for (const message of changes) {
    expect(message.type).toBe('CHANGES')
    if (message.type !== 'CHANGES') continue
    expect(message.documents.sales ?? []).toEqual([])
    expect(message.documents.commissions ?? []).toEqual([])
    expect(message.documents.commissionPayments ?? []).toEqual([])
  }
  expect(JSON.stringify(changes)).not.toContain('Klant van Olga')
  // The central stream of a USER carries nothing of the sales area.
  expect(JSON.stringify(userStream.messages)).not.toContain('Klant van Olga')
})
