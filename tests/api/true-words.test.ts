import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getMonthStart } from '#schema/dashboard-stats'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import {
  addSellers,
  signIn,
  signInFirstSuperadmin,
  signInInvitedUser,
  signInRegisteredStranger,
} from '../support/accounts.ts'
import type { Pulled, Seller, SellerLogin } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { signInNewOrganisationOwner } from '../support/api-organisations.ts'
import { type Client, createClient } from '../support/http.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import type { SyncDoc } from '../support/sync-calls.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Activities = InferResponseType<TypedApi['activities']['$get'], 200>
type Stats = InferResponseType<TypedApi['stats']['$get'], 200>
type SetUp = InferResponseType<TypedApi['auth']['setup'][':token']['$post'], 200>

// Issue 45, point 2: what the screens say is true. The Groei card's figures, the setup
// link's answer, "Laatst actief" after a sign-in and an activity's type, each attacked as
// an outsider, a stranger who registers and another organisation's administrator would.

type UserDoc = SyncDoc & { email: string; lastActive: number | null; seq: number }

let server: TestServer
let root: Client

const DAY = 24 * 60 * 60 * 1000

beforeAll(async () => {
  server = await startTestServer({ REGISTRATION: 'open' })
  root = await signInFirstSuperadmin(server)
})
afterAll(() => server?.close())

async function pullUsers(client: Client): Promise<UserDoc[]> {
  const answer = await client.get('/api/sync/v1/users/pull?checkpoint=0&limit=1000')
  expect(answer.status).toBe(200)
  return (answer.json as Pulled).documents as UserDoc[]
}

/** Moves the named users' createdAt (the test's stand-in for "they joined last month"). */
function backdate(organisationId: string, emails: string[], createdAt: number) {
  const db = openOrganisationFile(server.dataDir, organisationId)
  try {
    const update = db.prepare('update users set created_at = ? where email = ?')
    for (const email of emails) update.run(createdAt, email)
  } finally {
    db.close()
  }
}

describe('GET /api/stats: the Groei card', () => {
  test('an organisation whose users all joined this month has no last month: growth null, its own users only', async () => {
    const owner = await signInNewOrganisationOwner(server, 'org-groei', 'owner@groei.example')
    const fresh: Stats = (await owner.get('/api/stats')).json
    expect(fresh).toMatchObject({
      totalUsers: 1,
      usersAtMonthStart: 0,
      userGrowthPercentage: null,
    } satisfies PartOf<Stats>)

    // Two more join this month; three were there before it began (one of them, the owner).
    for (const name of ['a', 'b', 'c', 'd']) {
      await signInInvitedUser(server, {
        email: `${name}@groei.example`,
        role: 'USER',
        org: 'org-groei',
      })
    }
    const lastMonth = getMonthStart(Date.now()) - 3 * DAY
    backdate('org-groei', ['owner@groei.example', 'a@groei.example', 'b@groei.example'], lastMonth)
    const stats: Stats = (await owner.get('/api/stats')).json
    // The existing fields stay as they were.
    expect(stats).toEqual({
      totalUsers: 5,
      activeUsers: 5,
      totalApps: 0,
      activeApps: 0,
      recentActivities: expect.any(Number),
      usersAtMonthStart: 3,
      userGrowthPercentage: 66.7,
    } satisfies Stats)
  })

  test('a user created one millisecond before the month began counts as there before it', async () => {
    backdate('org-groei', ['c@groei.example'], getMonthStart(Date.now()) - 1)
    backdate('org-groei', ['d@groei.example'], getMonthStart(Date.now()))
    const owner = await signIn(server, {
      email: 'owner@groei.example',
      password: 'SUPERADMIN password',
    })
    const stats: Stats = (await owner.get('/api/stats')).json
    expect(stats).toMatchObject({
      totalUsers: 5,
      usersAtMonthStart: 4,
      userGrowthPercentage: 25,
    } satisfies PartOf<Stats>)
  })

  test("another organisation's users never count in the platform's figures, nor the other way", async () => {
    const platform: Stats = (await root.get('/api/stats')).json
    // default-org: the root and, later, whoever the other tests invite; never org-groei's five.
    const db = openOrganisationFile(server.dataDir, 'default-org')
    const own = db.prepare('select count(*) from users where deleted = 0').pluck().get()
    db.close()
    expect(platform.totalUsers).toBe(own)
    expect(platform.userGrowthPercentage).toBeNull()
  })

  test('an outsider reads nothing; a stranger who registers reads only their own organisation', async () => {
    expect((await createClient(server.url).get('/api/stats')).status).toBe(401)
    const stranger = await signInRegisteredStranger(server)
    const answer = await stranger.get('/api/stats')
    // A registered USER of default-org may read its users (users.read): never org-groei's.
    if (answer.status === 200) expect((answer.json as Stats).usersAtMonthStart).not.toBe(4)
    else expect(answer.status).toBe(403)
    // No request field chooses the organisation.
    const named = await stranger.get('/api/stats?organisationId=org-groei')
    expect((named.json as Partial<Stats> | undefined)?.usersAtMonthStart).not.toBe(4)
  })
})

test('without OIDC_ISSUER the login page learns, signed out, that there is no single sign-on', async () => {
  const answer = await createClient(server.url).get('/api/auth/sign-in-options')
  expect(answer.status).toBe(200)
  const options: InferResponseType<TypedApi['auth']['sign-in-options']['$get'], 200> = answer.json
  expect(options).toEqual({ sso: false } satisfies typeof options)
})

describe('POST /api/auth/setup/:token names the role of the account set up', () => {
  const setUp = (token: string) =>
    createClient(server.url).post(`/api/auth/setup/${token}`, { password: 'lang genoeg 123' })

  test('an ADMIN, a USER and a SUPERADMIN each read their own role', async () => {
    for (const role of ['ADMIN', 'USER', 'SUPERADMIN'] as const) {
      const { token } = await inviteWithSetupLink(server.deps, {
        email: `${role.toLowerCase()}-setup@example.com`,
        role,
        name: `${role} setup`,
        org: 'default-org',
      })
      const answer = await setUp(token)
      expect(answer.status).toBe(200)
      const setUpAnswer: SetUp = answer.json
      expect(setUpAnswer).toMatchObject({
        kind: 'central',
        role,
        loginPath: '/login',
      } satisfies PartOf<SetUp>)
    }
  })

  test("a Gold Estates seller's link answers the sales role", async () => {
    expect((await root.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const created = await root.post('/api/gold-estates/sellers', {
      name: 'Sanne',
      email: 'sanne-setup@example.com',
    })
    const link = await root.post(`/api/gold-estates/sellers/${(created.json as Seller).id}/login`, {
      role: 'SELLER',
    })
    const answer = await setUp((link.json as SellerLogin).setupUrl.split('/setup/')[1] ?? '')
    expect(answer.status).toBe(200)
    const setUpSales: SetUp = answer.json
    expect(setUpSales).toMatchObject({ kind: 'sales', role: 'SELLER' } satisfies PartOf<SetUp>)
    expect(setUpSales.loginPath).toMatch(/\/login$/)
  })

  test('a used, unknown or malformed token answers no role', async () => {
    const { token } = await inviteWithSetupLink(server.deps, {
      email: 'once@example.com',
      role: 'ADMIN',
      name: 'Eenmalig',
      org: 'default-org',
    })
    expect((await setUp(token)).status).toBe(200)
    for (const attempt of [token, 'a'.repeat(32), 'NOT-A-TOKEN']) {
      const answer = await setUp(attempt)
      expect(answer.status).toBe(400)
      const refusal: ErrorAnswer & Partial<SetUp> = answer.json
      expect(refusal.role).toBeUndefined()
      expect(refusal.kind).toBeUndefined()
    }
  })
})

describe('signing in counts as activity: lastActive replicates', () => {
  test("a password sign-in reaches every device's users collection", async () => {
    const member = { email: 'actief@example.com', password: 'USER password' }
    await signInInvitedUser(server, { email: member.email, role: 'USER' })
    const before = (await pullUsers(root)).find((doc) => doc.email === member.email)
    const signedInAt = Date.now()
    await signIn(server, member)
    const after = (await pullUsers(root)).find((doc) => doc.email === member.email)
    expect(after?.lastActive).toBeGreaterThanOrEqual(signedInAt)
    expect(after?.seq).toBeGreaterThan(before?.seq ?? Number.POSITIVE_INFINITY)
    // A device that had pulled before gets it as a change.
    const since = await root.get(`/api/sync/v1/users/pull?checkpoint=${before?.seq}&limit=100`)
    const changes = (since.json as Pulled).documents as UserDoc[]
    expect(changes.map((doc) => doc.email)).toContain(member.email)
  })

  test('the first SUPERADMIN, signed in by the setup, is active at once', async () => {
    const own = (await pullUsers(root)).find((doc) => doc.email === 'root@example.com')
    expect(own?.lastActive).toEqual(expect.any(Number))
  })

  test("no one can make another account look active: not a wrong password, not another's sign-in, not a push", async () => {
    const target = { email: 'doelwit@example.com', password: 'USER password' }
    await signInInvitedUser(server, { email: target.email, role: 'USER' })
    const stored = (await pullUsers(root)).find((doc) => doc.email === target.email)
    const unchanged = () => pullUsers(root).then((docs) => docs.find((d) => d.id === stored?.id))

    const wrong = await createClient(server.url).post('/api/auth/login/email', {
      email: target.email,
      password: 'geraden wachtwoord',
    })
    expect(wrong.status).toBe(401)
    await signIn(server, { email: 'actief@example.com', password: 'USER password' })
    expect(await unchanged()).toEqual(stored)

    // lastActive is not a field a device writes: a push naming it changes nothing.
    const admin = await signInInvitedUser(server, {
      email: 'push-admin@example.com',
      role: 'ADMIN',
    })
    const full = (await pullUsers(admin)).find((doc) => doc.id === stored?.id)
    const pushed = await admin.post('/api/sync/v1/users/push', {
      rows: [
        {
          assumedMasterState: { ...full, _deleted: false },
          newDocumentState: { ...full, lastActive: Date.now() + DAY, _deleted: false },
        },
      ],
    })
    expect(pushed.status).toBe(200)
    expect((await unchanged())?.lastActive).toBe(stored?.lastActive)
  })

  test("a Gold Estates launch is its SUPERADMIN's activity, in that organisation only", async () => {
    const other = await signInNewOrganisationOwner(server, 'org-launch', 'owner@launch.example')
    const rootBefore = (await pullUsers(root)).find((doc) => doc.email === 'root@example.com')
    const ownBefore = (await pullUsers(other))[0]
    expect((await other.post('/api/admin/launch-gold-estates')).status).toBe(200)
    expect((await pullUsers(other))[0]?.seq).toBeGreaterThan(ownBefore?.seq ?? 0)
    expect((await pullUsers(root)).find((doc) => doc.email === 'root@example.com')).toEqual(
      rootBefore,
    )
  })
})

describe('an activity carries the type of what it is about', () => {
  test('approving a sale is of type sale, and other organisations see none of it', async () => {
    const projectId = await addProject(root, 'Havenkwartier')
    const team = await addSellers(server, root, { vera: 'Vera', wim: 'Wim' })
    const seller = await team.signIn('vera', 'SELLER')
    const manager = await team.signIn('wim', 'MANAGER')
    // Vera's team adds up to 200 %: held for review.
    const sale = await postSale(
      server,
      seller,
      buildSalePayload({
        projectId,
        salePrice: 10_000_000,
        lines: [
          { sellerId: team.ids.vera, percentage: 100 },
          { sellerId: team.ids.wim, percentage: 100 },
        ],
      }),
    )
    expect(sale.reviewStatus).toBe('pending')
    expect(
      (await manager.post(`/api/gold-estates/sales/${sale.id}/approve`, { seq: sale.seq })).status,
    ).toBe(200)
    const feed = (await root.get('/api/activities')).json as Activities
    expect(feed.find((item) => item.action === 'Verkoop goedgekeurd')?.type).toBe('sale')
    expect(feed.find((item) => item.action === 'Gold Estates gelanceerd')?.type).toBe('app')
    const elsewhere = await signIn(server, {
      email: 'owner@launch.example',
      password: 'SUPERADMIN password',
    })
    const theirs = (await elsewhere.get('/api/activities')).json as Activities
    expect(theirs.some((item) => item.action === 'Verkoop goedgekeurd')).toBe(false)
  })
})
