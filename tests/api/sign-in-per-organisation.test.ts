import type { InferResponseType } from 'hono/client'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { UserRole } from '#schema/roles'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { formatSyncAccount, SYNC_ACCOUNT_HEADER } from '#sync/account'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Seller, SellerLogin } from '../support/answers.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { queryDirectory } from '../support/directory-tables.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

// An address is unique within an organisation, not across them: one organisation can
// neither block nor learn of another's accounts, and a person in several organisations
// chooses one at sign-in.

type User = InferResponseType<TypedApi['auth']['user']['$get'], 200>
type SalesUser = InferResponseType<TypedApi['gold-estates']['auth']['user']['$get'], 200>
type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type SalesLogin = InferResponseType<TypedApi['gold-estates']['auth']['login']['$post'], 200>
type Choice = Extract<Login, { choice: unknown }>
type SignedIn = Extract<Login, { user: unknown }>
type SalesChoice = Extract<SalesLogin, { choice: unknown }>
type SalesSignedIn = Extract<SalesLogin, { user: unknown }>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
  await signInFirstSuperadmin(server)
  await createOrganisation(server.deps, { id: 'org-a', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(server.deps, { id: 'org-b', name: 'Bravo Wonen', slug: 'bravo' })
  await createOrganisation(server.deps, { id: 'org-c', name: 'Charlie Vastgoed', slug: 'charlie' })
})
afterAll(() => server?.close())

/** A central account of `org` set up through its link, with `password`; not signed in. */
async function createAccount(
  email: string,
  org: string,
  password: string,
  role: UserRole = 'USER',
) {
  const { token } = await inviteWithSetupLink(server.deps, {
    email,
    role,
    name: `Persoon ${org}`,
    org,
  })
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
  expect(setup.status, setup.text).toBe(200)
}

async function signIn(email: string, password: string) {
  const client = createClient(server.url)
  const answer = await client.post('/api/auth/login/email', { email, password })
  return { client, answer }
}

/** A fresh client's sign-in at the Gold Estates login: the answer, with the client. */
async function signInAtSales(email: string, password: string) {
  const client = createClient(server.url)
  return { ...(await client.post('/api/gold-estates/auth/login', { email, password })), client }
}

/** A signed-in SUPERADMIN of `org` who has launched Gold Estates. */
async function launchedOwner(email: string, org: string) {
  await createAccount(email, org, 'owner password', 'SUPERADMIN')
  const { client, answer } = await signIn(email, 'owner password')
  expect(answer.status, answer.text).toBe(200)
  const launch = await client.post('/api/admin/launch-gold-estates')
  expect(launch.status, launch.text).toBe(200)
  return client
}

/** `by` (a sales ADMIN) gives a new seller a sign-in; its holder sets `password`. */
async function createSellerSignIn(by: Client, email: string, password: string) {
  const seller = await by.post('/api/gold-estates/sellers', { name: 'Verkoper', email })
  expect(seller.status, seller.text).toBe(201)
  const created: Seller = seller.json
  const link = await by.post(`/api/gold-estates/sellers/${created.id}/login`, {
    role: 'SELLER',
  })
  expect(link.status, link.text).toBe(201)
  const token = (link.json as SellerLogin).setupUrl.split('/setup/')[1]
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
  expect(setup.status, setup.text).toBe(200)
  return { seller: created, link }
}

async function accountHeader(client: Client) {
  const user: User = (await client.get('/api/auth/user')).json
  return {
    [SYNC_ACCOUNT_HEADER]: formatSyncAccount({
      organisationId: user.organizationId,
      userId: user.id,
    }),
  }
}

const CROSS_ORGANISATION = /andere organisatie|al in gebruik|already|bestaat al/i

describe('another organisation cannot lock an owner out of Gold Estates', () => {
  test("org B's sales ADMIN gives a seller org A's owner's address and a sign-in; A's owner still launches", async () => {
    const ownerB = await launchedOwner('owner@bravo.example', 'org-b')
    await createAccount('owner@alfa.example', 'org-a', 'alfa secret', 'SUPERADMIN')
    const attack = await createSellerSignIn(ownerB, 'owner@alfa.example', 'attacker password')
    expect(JSON.stringify(attack)).not.toMatch(CROSS_ORGANISATION)

    const { client: ownerA } = await signIn('owner@alfa.example', 'alfa secret')
    const launch = await ownerA.post('/api/admin/launch-gold-estates')
    expect(launch.status, launch.text).toBe(200)
    expect(launch.text).not.toMatch(CROSS_ORGANISATION)
    const salesUser: SalesUser = (await ownerA.get('/api/gold-estates/auth/user')).json
    expect(salesUser).toMatchObject({
      organizationId: 'org-a',
      role: 'ADMIN',
      email: 'owner@alfa.example',
    } satisfies PartOf<typeof salesUser>)
    expect((await ownerA.get('/api/gold-estates/projects')).status).toBe(200)

    // The attacker's sign-in is org B's own seller: it opens org B, never org A.
    const attacker = await signInAtSales('owner@alfa.example', 'attacker password')
    expect(attacker.status).toBe(200)
    expect((attacker.json as SalesSignedIn).user).toMatchObject({
      organizationId: 'org-b',
      role: 'SELLER',
    } satisfies PartOf<SalesSignedIn['user']>)
    // A's owner's launch left B's sign-in as it was, and a second launch still works.
    expect((await ownerA.post('/api/admin/launch-gold-estates')).status).toBe(200)
    expect(
      ((await attacker.client.get('/api/gold-estates/auth/user')).json as SalesUser).role,
    ).toBe('SELLER')
  })

  test("another organisation's ADMIN creating a user with an address used elsewhere learns nothing, by REST and by push", async () => {
    await createAccount('taken@alfa.example', 'org-a', 'alfa password')
    await createAccount('admin@charlie.example', 'org-c', 'charlie admin', 'ADMIN')
    const { client: adminC } = await signIn('admin@charlie.example', 'charlie admin')
    const byRest = await adminC.post('/api/users', {
      name: 'Zelfde Adres',
      email: 'taken@alfa.example',
      role: 'USER',
      status: 'active',
    })
    expect(byRest.status, byRest.text).toBe(201)
    const pushed = {
      id: uuidv7(),
      name: 'Gepusht Adres',
      email: 'owner@alfa.example',
      role: 'USER',
      status: 'active',
      _deleted: false,
    }
    const byPush = await adminC.request(
      'POST',
      '/api/sync/v1/users/push',
      { rows: [{ newDocumentState: pushed }] },
      await accountHeader(adminC),
    )
    expect(byPush.status, byPush.text).toBe(200)
    expect((byPush.json as Pushed).refused ?? []).toEqual([])
    const users: InferResponseType<TypedApi['users']['$get'], 200> = (
      await adminC.get('/api/users')
    ).json
    const emails = users.map((user) => user.email)
    expect(emails).toEqual(expect.arrayContaining(['taken@alfa.example', 'owner@alfa.example']))
    // Org A's person still signs in straight into org A: the new accounts have no password.
    const { answer } = await signIn('taken@alfa.example', 'alfa password')
    expect(answer.status).toBe(200)
    expect((answer.json as SignedIn).user.organizationId).toBe('org-a')
  })

  test("a seller of another organisation with the owner's address, given by push, blocks nothing", async () => {
    const ownerC = await launchedOwner('owner@charlie.example', 'org-c')
    const seller = {
      id: uuidv7(),
      name: 'Gepushte Verkoper',
      email: 'late@alfa.example',
      phone: null,
      role: 'closer',
      status: 'active',
      _deleted: false,
    }
    const headers = await accountHeader(ownerC)
    const sales: SalesUser = (await ownerC.get('/api/gold-estates/auth/user')).json
    const pushed = await ownerC.request(
      'POST',
      '/api/sync/v1/sellers/push',
      { rows: [{ newDocumentState: seller }] },
      {
        ...headers,
        [SYNC_ACCOUNT_HEADER]: formatSyncAccount({ organisationId: 'org-c', userId: sales.id }),
      },
    )
    expect(pushed.status, pushed.text).toBe(200)
    expect((pushed.json as Pushed).refused ?? []).toEqual([])
    const link = await ownerC.post(`/api/gold-estates/sellers/${seller.id}/login`, {
      role: 'SELLER',
    })
    expect(link.status, link.text).toBe(201)

    const lateOwner = await launchedOwner('late@alfa.example', 'org-a')
    expect(
      ((await lateOwner.get('/api/gold-estates/auth/user')).json as SalesUser).organizationId,
    ).toBe('org-a')
  })

  test('in one organisation, a sign-in with the owner’s address stays its own account when the owner launches', async () => {
    const first = await launchedOwner('first@delta.example', 'org-c')
    await createAccount('second@charlie.example', 'org-c', 'second password', 'SUPERADMIN')
    await createSellerSignIn(first, 'second@charlie.example', 'seller password')

    const { client: second } = await signIn('second@charlie.example', 'second password')
    expect((await second.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const launched: SalesUser = (await second.get('/api/gold-estates/auth/user')).json
    expect(launched).toMatchObject({ organizationId: 'org-c', role: 'ADMIN' } satisfies PartOf<
      typeof launched
    >)

    const login = await signInAtSales('second@charlie.example', 'seller password')
    expect(login.status).toBe(200)
    const { user } = login.json as SalesSignedIn
    expect(user.role).toBe('SELLER')
    expect(user.id).not.toBe(launched.id)
  })
})

describe('a person in several organisations chooses one at sign-in', () => {
  test('the same address and password in two organisations asks which, and each choice opens that one', async () => {
    await createAccount('pat@example.com', 'org-a', 'pat password')
    await createAccount('pat@example.com', 'org-b', 'pat password', 'ADMIN')

    const { client, answer } = await signIn('PAT@example.com', 'pat password')
    expect(answer.status).toBe(200)
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect(answer.json).not.toHaveProperty('user')
    const { choice }: Choice = answer.json
    expect(choice.organisations).toEqual([
      { id: 'org-a', name: 'Alfa Makelaars' },
      { id: 'org-b', name: 'Bravo Wonen' },
    ])
    expect(JSON.stringify(answer.json)).not.toMatch(/pat password|argon2/)
    expect((await client.get('/api/auth/user')).status).toBe(401)

    const choose = (organisationId: string, choiceToken = choice.choiceToken) =>
      client.post('/api/auth/login/choose', { choiceToken, organisationId })
    const chosen = await choose('org-b')
    expect(chosen.status, chosen.text).toBe(200)
    expect((chosen.json as SignedIn).user).toMatchObject({
      organizationId: 'org-b',
      role: 'ADMIN',
    } satisfies PartOf<SignedIn['user']>)
    expect(((await client.get('/api/auth/user')).json as User).organizationId).toBe('org-b')
    // The choice is used up.
    const again = await choose('org-a')
    expectRefusal(again, 401, 'Je keuze is verlopen. Log opnieuw in.')

    const second = await signIn('pat@example.com', 'pat password')
    const other = await second.client.post('/api/auth/login/choose', {
      choiceToken: (second.answer.json as Choice).choice.choiceToken,
      organisationId: 'org-a',
    })
    expect((other.json as SignedIn).user).toMatchObject({
      organizationId: 'org-a',
      role: 'USER',
    } satisfies PartOf<SignedIn['user']>)
  })

  test('a password that matches two of three accounts lists only those two; the third opens alone', async () => {
    await createAccount('quinn@example.com', 'org-a', 'shared password')
    await createAccount('quinn@example.com', 'org-b', 'shared password')
    await createAccount('quinn@example.com', 'org-c', 'charlie only')

    const { client, answer } = await signIn('quinn@example.com', 'shared password')
    const { choice }: Choice = answer.json
    const offered = choice.organisations.map((item) => item.id)
    expect(offered).toEqual(['org-a', 'org-b'])
    expect(answer.text).not.toMatch(/Charlie|org-c/)
    // An organisation that was not offered cannot be picked, and the choice stays usable.
    const refused = await client.post('/api/auth/login/choose', {
      choiceToken: choice.choiceToken,
      organisationId: 'org-c',
    })
    expectRefusal(refused, 400, 'organisationId: kies een van de getoonde organisaties')
    expect((await client.get('/api/auth/user')).status).toBe(401)
    const picked = await client.post('/api/auth/login/choose', {
      choiceToken: choice.choiceToken,
      organisationId: 'org-a',
    })
    expect((picked.json as SignedIn).user.organizationId).toBe('org-a')

    const alone = await signIn('quinn@example.com', 'charlie only')
    expect((alone.answer.json as SignedIn).user.organizationId).toBe('org-c')
    const wrong = await signIn('quinn@example.com', 'wrong password')
    expect(wrong.answer.status).toBe(401)
    expect((wrong.answer.json as ErrorAnswer).message).toBe('Ongeldige inloggegevens')
  })

  test('accounts never set up or waiting for approval elsewhere cannot push out the one in use', async () => {
    // Each sign-in verifies at most 3 accounts of an address; these three come first by id.
    const registered = await createClient(server.url).post('/api/auth/register/email', {
      name: 'Vreemde',
      email: 'vera@example.com',
      password: 'stranger password',
    })
    expect(registered.status).toBe(201)
    for (const org of ['org-a', 'org-b']) {
      await inviteWithSetupLink(server.deps, { email: 'vera@example.com', role: 'USER', org })
    }
    await createAccount('vera@example.com', 'org-c', 'vera password')
    const { answer } = await signIn('vera@example.com', 'vera password')
    expect(answer.status, answer.text).toBe(200)
    expect((answer.json as SignedIn).user.organizationId).toBe('org-c')
  })

  test('an account that may not sign in is not offered', async () => {
    await createAccount('rik@example.com', 'org-a', 'rik password')
    await createAccount('rik@example.com', 'org-b', 'rik password')
    const [entry] = await queryDirectory(
      server,
      "select user_id from login_directory where email = 'rik@example.com' and organization_id = 'org-b'",
    )
    const userB = entry?.user_id as string
    server.deps.organisations
      .get('org-b')
      .$client.prepare("update users set status = 'suspended' where id = ?")
      .run(userB)
    const { answer } = await signIn('rik@example.com', 'rik password')
    expect((answer.json as SignedIn).user.organizationId).toBe('org-a')
  })

  test('failures count per address and e-mail as before, whatever the number of organisations', async () => {
    await createAccount('tess@example.com', 'org-a', 'tess password')
    await createAccount('tess@example.com', 'org-b', 'tess password')
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await signIn('tess@example.com', 'wrong password')).answer.status).toBe(401)
    }
    const blocked = await signIn('tess@example.com', 'tess password')
    expect(blocked.answer.status).toBe(429)
    expect((blocked.answer.json as ErrorAnswer).message).toBe(
      'Te veel pogingen. Probeer het later opnieuw.',
    )
    expect(blocked.answer.json).not.toHaveProperty('choice')
  })

  test('choices are checked: a bad token or organisation gets a Dutch 4xx and no session', async () => {
    const client = createClient(server.url)
    const bad = await client.post('/api/auth/login/choose', {
      choiceToken: 'x',
      organisationId: 'org-a',
    })
    expectRefusal(bad, 400, 'choiceToken: Ongeldige keuze')
    const unknown = await client.post('/api/auth/login/choose', {
      choiceToken: 'a'.repeat(32),
      organisationId: 'org-a',
    })
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get('set-cookie')).toBeNull()
    const missing = await client.post('/api/auth/login/choose', { choiceToken: 'a'.repeat(32) })
    expectRefusal(missing, 400, 'organisationId: Kies een organisatie')
    const sales = await client.post('/api/gold-estates/auth/login/choose', {
      choiceToken: 7,
      organisationId: 'org-a',
    })
    expectRefusal(sales, 400, 'choiceToken: Ongeldige keuze')
  })

  test('Gold Estates: sign-ins in two organisations ask which; a central choice token does not open one', async () => {
    const ownerA = (await signIn('owner@alfa.example', 'alfa secret')).client
    const ownerB = (await signIn('owner@bravo.example', 'owner password')).client
    expect((await ownerA.post('/api/admin/launch-gold-estates')).status).toBe(200)
    expect((await ownerB.post('/api/admin/launch-gold-estates')).status).toBe(200)
    await createSellerSignIn(ownerA, 'sam@example.com', 'sam password')
    await createSellerSignIn(ownerB, 'sam@example.com', 'sam password')

    const answer = await signInAtSales('sam@example.com', 'sam password')
    expect(answer.status).toBe(200)
    const seller = answer.client
    const { choice }: SalesChoice = answer.json
    expect(choice.organisations.map((item) => item.id)).toEqual(['org-a', 'org-b'])
    expect((await seller.get('/api/gold-estates/auth/user')).status).toBe(401)
    const central = await seller.post('/api/auth/login/choose', {
      choiceToken: choice.choiceToken,
      organisationId: 'org-a',
    })
    expect(central.status).toBe(401)
    const chosen = await seller.post('/api/gold-estates/auth/login/choose', {
      choiceToken: choice.choiceToken,
      organisationId: 'org-b',
    })
    expect(chosen.status, chosen.text).toBe(200)
    const signedIn: SalesUser = (await seller.get('/api/gold-estates/auth/user')).json
    expect(signedIn).toMatchObject({
      organizationId: 'org-b',
      role: 'SELLER',
    } satisfies PartOf<typeof signedIn>)
  })
})

describe('registering and restoring concern one organisation only', () => {
  test('registering with an address used in another organisation is accepted and changes nothing there', async () => {
    await createAccount('reg@alfa.example', 'org-a', 'alfa reg')
    const response = await createClient(server.url).post('/api/auth/register/email', {
      name: 'Alfa Medewerker',
      email: 'reg@alfa.example',
      password: 'alfa reg',
      organizationId: 'default-org',
    })
    expect(response.status, response.text).toBe(201)
    expect(response.text).not.toMatch(CROSS_ORGANISATION)
    // The registration waits for approval, so the same password still opens org A alone.
    const { answer } = await signIn('reg@alfa.example', 'alfa reg')
    expect((answer.json as SignedIn).user.organizationId).toBe('org-a')
  })

  test("a restore rebuilds its organisation's directory and leaves the same address elsewhere alone", async () => {
    const { client: ownerA } = await signIn('owner@alfa.example', 'alfa secret')
    const backup = await ownerA.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    const elsewhere = () =>
      queryDirectory(
        server,
        "select email, kind, organization_id, user_id from login_directory where organization_id != 'org-a' order by 1, 2, 3",
      )
    const before = await elsewhere()
    expect(before).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          email: 'owner@alfa.example',
          organization_id: 'org-b',
          kind: 'sales',
        }),
        expect.objectContaining({ email: 'pat@example.com', organization_id: 'org-b' }),
      ]),
    )
    const restore = await ownerA.post('/api/admin/restore', backup.text)
    expect(restore.status, restore.text).toBe(200)
    expect(await elsewhere()).toEqual(before)
    const entriesA = await queryDirectory(
      server,
      "select email from login_directory where organization_id = 'org-a' and kind = 'central'",
    )
    expect(entriesA.map((entry) => entry.email)).toEqual(
      expect.arrayContaining(['owner@alfa.example', 'pat@example.com']),
    )
    const pat = await signIn('pat@example.com', 'pat password')
    expect((pat.answer.json as Choice).choice.organisations).toHaveLength(2)
    const ownerAgain = await signIn('owner@alfa.example', 'alfa secret')
    expect((ownerAgain.answer.json as SignedIn).user.organizationId).toBe('org-a')
    expect((await ownerAgain.client.post('/api/admin/launch-gold-estates')).status).toBe(200)
  })
})
