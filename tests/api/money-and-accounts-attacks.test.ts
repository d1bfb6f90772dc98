import http from 'node:http'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { EPOCH_HEADER } from '#sync/account'
import {
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
  signInSeller,
} from '../support/accounts.ts'
import type { Seller, SellerLogin } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { startServerWithWebRoot } from '../support/api-web-root.ts'
import { type Client, cookieOf, createClient } from '../support/http.ts'
import { buildCorrection, buildSalePayload, postSale } from '../support/sales.ts'
import { openOrganisationFile, openSystemFile } from '../support/sqlite.ts'
import type { TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// Money and accounts attacked as an outsider, a person holding an organisation choice,
// another organisation's ADMIN and an app reporting usage would. Each test is an attempt
// that must be refused.

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type SalesUser = InferResponseType<TypedApi['gold-estates']['auth']['user']['$get'], 200>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type Choice = Extract<Login, { choice: unknown }>
type SignedIn = Extract<Login, { user: unknown }>
type SalesChoice = Extract<
  InferResponseType<TypedApi['gold-estates']['auth']['login']['$post'], 200>,
  { choice: unknown }
>
type Sale = TypedApi['gold-estates']['sales']
type Sales = InferResponseType<Sale['$get'], 200>
type Page = InferResponseType<TypedApi['sync'][':version'][':collection']['pull']['$get'], 200>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
let server: TestServer
let root: Client

beforeAll(async () => {
  server = await startServerWithWebRoot()
  root = await signInFirstSuperadminWithGoldEstates(server)
  await createOrganisation(server.deps, { id: 'org-a', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(server.deps, { id: 'org-b', name: 'Bravo Wonen', slug: 'bravo' })
})
afterAll(() => server?.close())

/** Sets (or resets) a central account's password through a setup link, as a reset does. */
async function setPassword(email: string, org: string, password: string, role = 'USER' as const) {
  const { token } = await inviteWithSetupLink(server.deps, { email, role, name: email, org })
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
  expect(setup.status, setup.text).toBe(200)
}

function centralUserId(email: string, org: string) {
  const system = openSystemFile(server.dataDir)
  try {
    return system
      .prepare(
        "select user_id from login_directory where kind = 'central' and email = ? and organization_id = ?",
      )
      .pluck()
      .get(email, org) as string
  } finally {
    system.close()
  }
}

/** A person with the same address and password in org-a and org-b, holding a choice. */
async function holdChoice(email: string) {
  await setPassword(email, 'org-a', 'shared password')
  await setPassword(email, 'org-b', 'shared password')
  const client = createClient(server.url)
  const answer = await client.post('/api/auth/login/email', { email, password: 'shared password' })
  expect(answer.status, answer.text).toBe(200)
  const { choice }: Choice = answer.json
  const choiceToken = choice.choiceToken
  const choose = (organisationId: string, door = '/api/auth/login/choose') =>
    client.post(door, { choiceToken, organisationId })
  return { client, choose }
}

describe('an outsider', () => {
  test('a guessed choice token opens nothing, at either door', async () => {
    for (const door of ['/api/auth/login/choose', '/api/gold-estates/auth/login/choose']) {
      const answer = await createClient(server.url).post(door, {
        choiceToken: 'a'.repeat(32),
        organisationId: 'default-org',
      })
      expect(answer.status).toBe(401)
      expect(answer.headers.get('set-cookie')).toBeNull()
    }
  })

  test.each([
    [
      'a cross-site form (text/plain)',
      { 'content-type': 'text/plain', origin: 'https://evil.example' },
    ],
    [
      'a cross-site form without Origin',
      { 'content-type': 'text/plain', 'sec-fetch-site': 'cross-site' },
    ],
    [
      'a sandboxed page (Origin null)',
      { 'content-type': 'application/x-www-form-urlencoded', origin: 'null' },
    ],
    [
      'a sibling site',
      { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-site' },
    ],
  ])('%s posting to /api/logout ends no session', async (_name, headers) => {
    const client = createClient(server.url)
    await client.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    expect((await client.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const answer = await client.request('POST', '/api/logout', 'x=1', headers)
    expect(answer.status).toBe(403)
    expect((await client.get('/api/auth/user')).status).toBe(200)
    expect((await client.get('/api/gold-estates/auth/user')).status).toBe(200)
  })

  test.each([
    '/%252Evite/manifest.json',
    '/.VITE/manifest.json',
    '/.vite/manifest.json.',
    '/.vite%2Fmanifest.json',
    '/assets/main-abc.js.map.',
    '/assets/main-abc.JS.MAP',
    '/assets/main-abc.js.map%00.js',
    '/assets/..%5C.vite%5Cmanifest.json',
    '/assets/x%5C..%5C..%5C..%5Cserver.js',
    '/assets/%2e%2e/%2e%2e/server.js',
    '/%2e%2e%2fserver.js',
    '/assets/main-abc.js.map%3F.js',
  ])('the build filter holds against %s', async (url) => {
    const answer = await createClient(server.url).get(url)
    expect(answer.status).toBe(404)
    expect(answer.text).not.toMatch(/sources|secret|main\.tsx/)
  })

  test("a central token in the sales cookie opens no sales route, replication's included", async () => {
    const central = root.cookies.get('centraal_session')
    const asSales = { cookie: `gold_estates_session=${central}` }
    const client = createClient(server.url)
    for (const url of [
      '/api/gold-estates/auth/user',
      '/api/gold-estates/sellers',
      '/api/gold-estates/sync-refusals',
      '/api/sync/v1/sales/pull?checkpoint=0&limit=10',
      '/api/sync/v1/stream?area=sales',
    ]) {
      expect([url, (await client.get(url, asSales)).status]).toEqual([url, 401])
    }
    const push = await client.post('/api/sync/v1/sales/push', { rows: [] }, asSales)
    expect(push.status).toBe(401)
    expect((await root.get('/api/auth/user')).status).toBe(200)
  })
})

describe('a person holding an organisation choice', () => {
  test('a sales door does not take a central choice, which then still opens its own', async () => {
    const { choose, client } = await holdChoice('door@example.com')
    expect((await choose('org-a', '/api/gold-estates/auth/login/choose')).status).toBe(401)
    const chosen = await choose('org-a')
    expect(chosen.status, chosen.text).toBe(200)
    expect(((await client.get('/api/auth/user')).json as User).organizationId).toBe('org-a')
    // Used once: a replay, to either organisation, opens nothing.
    expect((await choose('org-b')).status).toBe(401)
    expect((await choose('org-a')).status).toBe(401)
  })

  test('an account suspended while the choice waited is not opened', async () => {
    const { choose, client } = await holdChoice('held@example.com')
    server.deps.organisations
      .get('org-b')
      .$client.prepare("update users set status = 'suspended' where id = ?")
      .run(centralUserId('held@example.com', 'org-b'))
    const answer = await choose('org-b')
    expect(answer.status).toBe(403)
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })

  test('an account deleted while the choice waited is not opened', async () => {
    const { choose, client } = await holdChoice('gone@example.com')
    const admin = await signInInvitedUser(server, {
      email: 'admin-gone@bravo.example',
      role: 'ADMIN',
      org: 'org-b',
    })
    const id = centralUserId('gone@example.com', 'org-b')
    expect((await admin.request('DELETE', `/api/users/${id}`)).status).toBe(200)
    const answer = await choose('org-b')
    expect(answer.status).toBe(401)
    expect((await client.get('/api/auth/user')).status).toBe(401)
  })

  test('a password reset while the choice waited ends it: the old password opens nothing', async () => {
    const { choose, client } = await holdChoice('reset@example.com')
    // Someone who learned the old password signed in; the owner resets it at once.
    await setPassword('reset@example.com', 'org-b', 'new password')
    const answer = await choose('org-b')
    expectRefusal(answer, 401, 'Je keuze is verlopen. Log opnieuw in.')
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect((await client.get('/api/auth/user')).status).toBe(401)
    // The choice is spent; the old password now opens the organisation that kept it.
    expect((await choose('org-a')).status).toBe(401)
    const again = await client.post('/api/auth/login/email', {
      email: 'reset@example.com',
      password: 'shared password',
    })
    expect((again.json as SignedIn).user.organizationId).toBe('org-a')
  })
})

test('Gold Estates: a new password set while the choice waited ends it too', async () => {
  const links: Record<string, (password: string) => Promise<void>> = {}
  for (const org of ['org-a', 'org-b']) {
    const owner = `launcher@${org}.example`
    await setPassword(owner, org, 'launcher password', 'SUPERADMIN' as 'USER')
    const client = createClient(server.url)
    await client.post('/api/auth/login/email', { email: owner, password: 'launcher password' })
    expect((await client.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const seller = await client.post('/api/gold-estates/sellers', {
      name: 'Vera',
      email: 'vera@sales.example',
    })
    links[org] = async (password: string) => {
      const link = await client.post(
        `/api/gold-estates/sellers/${(seller.json as Seller).id}/login`,
        {
          role: 'SELLER',
        },
      )
      const token = (link.json as SellerLogin).setupUrl.split('/setup/')[1]
      const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
      expect(setup.status, setup.text).toBe(200)
    }
    await links[org]?.('vera password')
  }
  const vera = createClient(server.url)
  const answer = await vera.post('/api/gold-estates/auth/login', {
    email: 'vera@sales.example',
    password: 'vera password',
  })
  const { choice }: SalesChoice = answer.json
  expect(choice.organisations).toHaveLength(2)
  await links['org-b']?.('new vera password')
  const chosen = await vera.post('/api/gold-estates/auth/login/choose', {
    choiceToken: choice.choiceToken,
    organisationId: 'org-b',
  })
  expectRefusal(chosen, 401, 'Je keuze is verlopen. Log opnieuw in.')
  expect((await vera.get('/api/gold-estates/auth/user')).status).toBe(401)
})

describe("another organisation's ADMIN", () => {
  test("a seller's sign-in cannot be given an address that is a launch key", async () => {
    const owner = await signInInvitedUser(server, {
      email: 'owner-key@alfa.example',
      role: 'ADMIN',
      org: 'org-a',
    })
    const ownerId = ((await owner.get('/api/auth/user')).json as User).id
    for (const email of [
      `launch:${ownerId}`,
      `launch:${centralUserId('root@example.com', 'default-org')}`,
    ]) {
      const answer = await root.post('/api/gold-estates/sellers', { name: 'Sleutel', email })
      expect(answer.status).toBe(400)
    }
  })

  /** first@default.example, a SUPERADMIN with `password`, signed in on a client of its own. */
  async function signInFirstOwner(password: string) {
    await setPassword('first@default.example', 'default-org', password, 'SUPERADMIN' as 'USER')
    const client = createClient(server.url)
    await client.post('/api/auth/login/email', { email: 'first@default.example', password })
    return client
  }

  test('LAUNCH APP by a new owner with a deleted owner’s address gets a new account; the old one is shut', async () => {
    const first = await signInFirstOwner('first password')
    expect((await first.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const oldSales: SalesUser = (await first.get('/api/gold-estates/auth/user')).json
    const firstId = ((await first.get('/api/auth/user')).json as User).id
    expect((await root.request('DELETE', `/api/users/${firstId}`)).status).toBe(200)
    expect((await first.get('/api/gold-estates/auth/user')).status).toBe(401)

    const second = await signInFirstOwner('second password')
    expect((await second.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const newSales: SalesUser = (await second.get('/api/gold-estates/auth/user')).json
    expect(newSales.id).not.toBe(oldSales.id)
    expect((await first.get('/api/gold-estates/auth/user')).status).toBe(401)
  })
})

describe('usage from the future by another route', () => {
  test('a usage row dated 9999-12-31 (restored, or stored before the bound) is not counted', async () => {
    const app: InferResponseType<TypedApi['app-connections']['$post'], 201> = (
      await root.post('/api/app-connections', { name: 'Kassa', url: 'https://kassa.example.com' })
    ).json
    const appId = app.id
    const db = openOrganisationFile(server.dataDir)
    const columns = db.prepare('pragma table_info(usage_tracking)').all() as { name: string }[]
    expect(columns.map((column) => column.name)).toContain('date')
    db.close()
    const backup = JSON.parse((await root.post('/api/admin/backup', { format: 'json' })).text)
    const table = backup.tables.usage_tracking
    const row = table.columns.map(
      (column: string) =>
        ({
          id: 'future-usage',
          app_connection_id: appId,
          organization_id: 'default-org',
          date: '9999-12-31',
          metric: 'api_calls',
          value: 1000,
          cost: 0,
        })[column] ?? null,
    )
    table.rows.push(row)
    const restored = await root.post('/api/admin/restore', JSON.stringify(backup))
    expect(restored.status, restored.text).toBe(200)
    // A restore ends the organisation's sessions: the owner signs in again.
    root = createClient(server.url)
    await root.post('/api/auth/login/email', {
      email: 'root@example.com',
      password: 'root password',
    })
    expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const answer = await root.get(`/api/app-connections/${appId}/usage?days=30`)
    expect(answer.status, answer.text).toBe(200)
    const usage: InferResponseType<TypedApi['app-connections'][':id']['usage']['$get'], 200> =
      answer.json
    expect(usage.totals.api_calls ?? 0).toBe(0)
    expect(usage.days).toEqual([])
  })
})

describe('a SELLER and a MANAGER around a sale under review', () => {
  const people = { sanne: '', cor: '' }
  let seller: Client
  let manager: Client
  let projectId: string
  let saleCounter = 0

  beforeAll(async () => {
    projectId = await addProject(root, 'Review-aanval')
    for (const key of ['sanne', 'cor'] as const) {
      const created = await root.post('/api/gold-estates/sellers', {
        name: key,
        email: `${key}@review.example`,
      })
      people[key] = (created.json as Seller).id
    }
    const chef = await root.post('/api/gold-estates/sellers', {
      name: 'Chef',
      email: 'chef@review.example',
    })
    seller = await signInSeller(server, root, {
      id: people.sanne,
      email: 'sanne@review.example',
      role: 'SELLER',
    })
    manager = await signInSeller(server, root, {
      id: (chef.json as Seller).id,
      email: 'chef@review.example',
      role: 'MANAGER',
    })
  })

  /** A sale of € 50.000 net commission; Sanne's lines as given. */
  async function register(by: Client, percentages: number[]) {
    const body = buildSalePayload({
      projectId,
      salePrice: 100_000_000,
      saleDate: '2025-01-01',
      propertyNumber: `R-${++saleCounter}`,
      lines: percentages.map((percentage) => ({ sellerId: people.sanne, percentage })),
    })
    return postSale(server, by, body)
  }

  function correction(percentages: number[]) {
    return buildCorrection({
      propertyNumber: 'R-x',
      saleDate: '2025-01-01',
      salePrice: 100_000_000,
      commissionPercentage: 5,
      splits: percentages.map((commissionPercentage) => ({
        sellerId: people.sanne,
        role: null,
        commissionType: 'sales',
        commissionPercentage,
      })),
      paidTotal: 0,
    })
  }

  const overdueOf = async (client: Client) => {
    const dashboard: InferResponseType<
      TypedApi['gold-estates']['commissions']['dashboard']['$get'],
      200
    > = (await client.get('/api/gold-estates/commissions/dashboard')).json
    return dashboard.overdueCommissions
  }

  test('an approval sent for the split the MANAGER saw does not approve the one the SELLER made of it since', async () => {
    const sale = await register(seller, [90])
    expect(sale.reviewStatus).toBe('pending')
    const seen = ((await manager.get('/api/gold-estates/sales')).json as Sales).find(
      (item) => item.id === sale.id,
    )
    // Meanwhile (the MANAGER's "Goedkeuren" waiting in an offline queue) the SELLER turns
    // the split into 50 lines of 100 %: still under review, so theirs to correct.
    const fifty = Array.from({ length: 50 }, () => 100)
    const corrected = await seller.request(
      'PATCH',
      `/api/gold-estates/sales/${sale.id}`,
      correction(fifty),
    )
    expect(corrected.status, corrected.text).toBe(200)
    const before = await overdueOf(root)
    const approval = await manager.post(`/api/gold-estates/sales/${sale.id}/approve`, {
      seq: seen?.seq,
    })
    expectRefusal(
      approval,
      409,
      'Deze verkoop is gewijzigd sinds je hem bekeek. Bekijk hem opnieuw voor je hem goedkeurt.',
    )
    expect(await overdueOf(root)).toBe(before)
    // Approving what is there now, having seen it, is the MANAGER's to do.
    const now = ((await manager.get('/api/gold-estates/sales')).json as Sales).find(
      (item) => item.id === sale.id,
    )
    const second = await manager.post(`/api/gold-estates/sales/${sale.id}/approve`, {
      seq: now?.seq,
    })
    expect(second.status, second.text).toBe(200)
  })

  test('a SELLER cannot turn an approved sale back into an unusual split, by REST or by push', async () => {
    const sale = await register(seller, [90])
    const approval = await manager.post(`/api/gold-estates/sales/${sale.id}/approve`, {
      seq: sale.seq,
    })
    expect(approval.status).toBe(200)
    const before = await overdueOf(root)
    const byRest = await seller.request(
      'PATCH',
      `/api/gold-estates/sales/${sale.id}`,
      correction([100, 100]),
    )
    expect(byRest.status).toBe(403)
    const page = await seller.get('/api/sync/v1/sales/pull?checkpoint=0&limit=1000')
    const pulled = (page.json as Page).documents.find((doc) => doc.id === sale.id)
    // Named as a device names it: the organisation was restored earlier in this file.
    const epoch = { [EPOCH_HEADER]: page.headers.get(EPOCH_HEADER) ?? '' }
    const pushed = await seller.post(
      '/api/sync/v1/sales/push',
      {
        rows: [
          {
            newDocumentState: { ...pulled, splits: correction([100, 100]).splits },
            assumedMasterState: pulled,
          },
        ],
      },
      epoch,
    )
    expect(pushed.status, pushed.text).toBe(200)
    expect((pushed.json as Pushed).refused).toHaveLength(1)
    expect(await overdueOf(root)).toBe(before)
  })

  test('a rejected sale pays nothing by any path until it is corrected and approved', async () => {
    const sale = await register(seller, [100, 100])
    const rejected = await manager.post(`/api/gold-estates/sales/${sale.id}/reject`, {
      seq: sale.seq,
      reason: 'Twee keer jezelf',
    })
    expect(rejected.status, rejected.text).toBe(200)
    const lines = (
      (await root.get('/api/gold-estates/commissions')).json as InferResponseType<
        TypedApi['gold-estates']['commissions']['$get'],
        200
      >
    ).filter((line) => line.saleId === sale.id)
    const line = lines[0]
    const marked = await root.request('PATCH', `/api/gold-estates/commissions/${line?.id}`, {
      status: 'paid',
    })
    expect(marked.status).toBe(409)
    const part = await root.post(`/api/gold-estates/commissions/${line?.id}/payments`, {
      amount: 100,
      paidOn: '2025-02-01',
      note: null,
    })
    expect(part.status).toBe(409)
    // A rejected sale is not waiting for a review: approving it needs the SELLER first.
    const approval = await manager.post(`/api/gold-estates/sales/${sale.id}/approve`, {
      seq: (rejected.json as InferResponseType<Sale[':id']['reject']['$post'], 200>).seq,
    })
    expect(approval.status).toBe(409)
  })

  test("another organisation's MANAGER learns nothing of the sale and approves nothing", async () => {
    const sale = await register(seller, [90])
    await setPassword('chef@bravo.example', 'org-b', 'bravo owner', 'SUPERADMIN' as 'USER')
    const other = createClient(server.url)
    await other.post('/api/auth/login/email', {
      email: 'chef@bravo.example',
      password: 'bravo owner',
    })
    expect((await other.post('/api/admin/launch-gold-estates')).status).toBe(200)
    for (const action of ['approve', 'reject']) {
      const answer = await other.post(`/api/gold-estates/sales/${sale.id}/${action}`, {
        seq: sale.seq,
        reason: 'Niet van jou',
      })
      expect(answer.status).toBe(404)
    }
    const stillPending = ((await root.get('/api/gold-estates/sales')).json as Sales).find(
      (item) => item.id === sale.id,
    )
    expect(stillPending?.reviewStatus).toBe('pending')
  })
})

describe('uploads that arrive side by side', () => {
  /** Starts an upload whose body never ends; `stop` ends the connection. */
  function startSlowUpload(url: string, client: Client, contentType: string, head: string) {
    const request = http.request(`${server.url}${url}`, {
      method: 'POST',
      agent: false,
      headers: { 'content-type': contentType, cookie: cookieOf(client) },
    })
    request.on('error', () => undefined)
    request.write(head)
    return { stop: () => request.destroy() }
  }

  const BUSY =
    'Er komt al een bestand van deze organisatie binnen. Probeer het opnieuw als dat klaar is.'

  test('an owner sending many restores at once has one arriving; the rest hear 429 before being read', async () => {
    const slow = startSlowUpload(
      '/api/admin/restore',
      root,
      'application/json',
      '{"format":"centraal-backup","formatVersion":2,"tables":{\n',
    )
    try {
      await expect.poll(() => server.deps.heavyWork.isArriving('default-org')).toBe(true)
      const second = await root.post('/api/admin/restore', '{"not":"a backup"}')
      expectRefusal(second, 429, BUSY)
      // Another organisation's owner is not held up by it.
      await setPassword('boss@alfa.example', 'org-a', 'boss password', 'SUPERADMIN' as 'USER')
      const other = createClient(server.url)
      await other.post('/api/auth/login/email', {
        email: 'boss@alfa.example',
        password: 'boss password',
      })
      const elsewhere = await other.post('/api/admin/restore', '{"not":"a backup"}')
      expect(elsewhere.status).toBe(400)
    } finally {
      slow.stop()
    }
    // Once it is gone, the next one is read again.
    await expect
      .poll(async () => (await root.post('/api/admin/restore', '{"not":"a backup"}')).status)
      .toBe(400)
  })

  test('an importer sending many imports at once has one arriving; the rest hear 429', async () => {
    const slow = startSlowUpload(
      '/api/gold-estates/sheets/import?fileName=v.csv',
      root,
      'text/csv',
      'Klantnaam;Project\n',
    )
    try {
      await expect.poll(() => server.deps.heavyWork.isArriving('default-org')).toBe(true)
      const second = await root.request(
        'POST',
        '/api/gold-estates/sheets/import?fileName=w.csv',
        'Klantnaam;Project\n',
        { 'content-type': 'text/csv' },
      )
      expectRefusal(second, 429, BUSY)
    } finally {
      slow.stop()
    }
  })
})
