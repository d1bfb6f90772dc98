import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Seller, SellerLogin } from '../support/answers.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

// Issue 47 §1 on an installation without mail (the laptop default, where an administrator
// still holds the setup link): the owners of three other organisations each create an
// account with a person's address and set its password themselves. The person's right
// password must still open their own account (decision 033).

// Without mail the answers carry the setup link (invited: false); a sign-in of one
// organisation answers the user, not a choice.
type Created = Extract<InferResponseType<TypedApi['users']['$post'], 201>, { invited: false }>
type CentralLogin = Extract<
  InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>,
  { user: unknown }
>
type SalesLogin = Extract<
  InferResponseType<TypedApi['gold-estates']['auth']['login']['$post'], 200>,
  { user: unknown }
>

let server: TestServer
let root: Client
let organisationNumber = 0

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const launch = await root.post('/api/admin/launch-gold-estates')
  expect(launch.status, launch.text).toBe(200)
})
afterAll(() => server?.close())

const tokenOf = (setupUrl: string) => setupUrl.split('/setup/')[1] as string

/**
 * Another organisation's owner, signed in, with Gold Estates launched. Its id sorts before
 * default-org's, as the organisations of the reproduction did.
 */
async function attackerOrganisation() {
  const id = `aa-attacker-${++organisationNumber}`
  await createOrganisation(server.deps, { id, name: `Aanvaller ${organisationNumber}`, slug: id })
  const email = `owner@${id}.test`
  const { token } = await inviteWithSetupLink(server.deps, { email, role: 'SUPERADMIN', org: id })
  await createClient(server.url).post(`/api/auth/setup/${token}`, { password: 'owner password' })
  const owner = createClient(server.url)
  expect(
    (await owner.post('/api/auth/login/email', { email, password: 'owner password' })).status,
  ).toBe(200)
  expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
  return owner
}

/** An active USER that `by` creates, its password set through its setup link on `on`. */
async function createActiveUser(
  by: Client,
  user: { name: string; email: string; password: string },
  on = createClient(server.url),
) {
  const created = await by.post('/api/users', {
    name: user.name,
    email: user.email,
    role: 'USER',
    status: 'active',
  })
  expect(created.status, created.text).toBe(201)
  const setup = await on.post(`/api/auth/setup/${tokenOf((created.json as Created).setupUrl)}`, {
    password: user.password,
  })
  expect(setup.status, setup.text).toBe(200)
}

/** The attack: a decoy account with the victim's address whose password the attacker sets. */
const plantDecoy = (owner: Client, email: string) =>
  createActiveUser(owner, { name: 'Decoy', email, password: 'Attacker pw 123456' })

/** A Gold Estates sign-in for a new seller with `email`, its password set by whoever holds the link. */
async function plantSellerLogin(
  by: Client,
  email: string,
  password: string,
  on = createClient(server.url),
) {
  const seller = await by.post('/api/gold-estates/sellers', { name: 'Verkoper', email })
  expect(seller.status, seller.text).toBe(201)
  const link = await by.post(`/api/gold-estates/sellers/${(seller.json as Seller).id}/login`, {
    role: 'SELLER',
  })
  expect(link.status, link.text).toBe(201)
  const setup = await on.post(`/api/auth/setup/${tokenOf((link.json as SellerLogin).setupUrl)}`, {
    password,
  })
  expect(setup.status, setup.text).toBe(200)
}

/** The victim's own account in default-org; they set its password on `browser`. */
const createVictim = (email: string, browser: Client) =>
  createActiveUser(root, { name: 'Victim', email, password: 'victim password' }, browser)

const signIn = (browser: Client, email: string, password = 'victim password') =>
  browser.post('/api/auth/login/email', { email, password })

describe('three other organisations cannot lock a person out (no mail)', () => {
  test('the decoys come after the account: the right password opens it on any browser', async () => {
    const email = 'victim@a.test'
    await createVictim(email, createClient(server.url))
    expect((await signIn(createClient(server.url), email)).status).toBe(200)
    for (let n = 0; n < 3; n++) await plantDecoy(await attackerOrganisation(), email)

    const fresh = await signIn(createClient(server.url), email)
    expect(fresh.status, fresh.text).toBe(200)
    expect((fresh.json as CentralLogin).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
    // The decoys' own password opens a decoy, never the victim's account.
    const decoy = await signIn(createClient(server.url), email, 'Attacker pw 123456')
    expect(JSON.stringify(decoy.json)).not.toContain(DEFAULT_ORGANISATION_ID)
  })

  test('decoys planted first: the browser that set the password still opens the account', async () => {
    const email = 'early@a.test'
    for (let n = 0; n < 3; n++) await plantDecoy(await attackerOrganisation(), email)
    const browser = createClient(server.url)
    await createVictim(email, browser)

    const again = await signIn(browser, email)
    expect(again.status, again.text).toBe(200)
    expect((again.json as CentralLogin).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
    // The remembered account survives a logout: it names an account, it opens none.
    expect((await browser.post('/api/logout')).status).toBe(200)
    const afterLogout = await signIn(browser, email)
    expect((afterLogout.json as CentralLogin).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
  })

  test('a forged or foreign remembered cookie counts for nothing', async () => {
    const email = 'forged@a.test'
    for (let n = 0; n < 3; n++) await plantDecoy(await attackerOrganisation(), email)
    const browser = createClient(server.url)
    await createVictim(email, browser)
    const attacker = createClient(server.url)
    attacker.cookies.set(
      'centraal_last_account',
      browser.cookies.get('centraal_last_account')?.replace(/.$/, 'A') ?? '',
    )
    expect((await signIn(attacker, email, 'victim password')).status).toBe(401)
    // A sales cookie does not stand for a central account.
    attacker.cookies.set(
      'gold_estates_last_account',
      browser.cookies.get('centraal_last_account') ?? '',
    )
    attacker.cookies.delete('centraal_last_account')
    expect((await signIn(attacker, email, 'victim password')).status).toBe(401)
  })

  test("Gold Estates: three other organisations' seller logins cannot crowd out a seller", async () => {
    const email = 'seller-victim@a.test'
    await plantSellerLogin(root, email, 'seller password')
    for (let n = 0; n < 3; n++) {
      await plantSellerLogin(await attackerOrganisation(), email, 'Attacker pw 123456')
    }
    const fresh = await createClient(server.url).post('/api/gold-estates/auth/login', {
      email,
      password: 'seller password',
    })
    expect(fresh.status, fresh.text).toBe(200)
    expect((fresh.json as SalesLogin).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
  })

  test("Gold Estates, decoys first: the browser that set the password opens the seller's login", async () => {
    const email = 'seller-early@a.test'
    for (let n = 0; n < 3; n++) {
      await plantSellerLogin(await attackerOrganisation(), email, 'Attacker pw 123456')
    }
    const browser = createClient(server.url)
    await plantSellerLogin(root, email, 'seller password', browser)
    const signedIn = await browser.post('/api/gold-estates/auth/login', {
      email,
      password: 'seller password',
    })
    expect(signedIn.status, signedIn.text).toBe(200)
    expect((signedIn.json as SalesLogin).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
  })

  test('unknown, one-organisation and several-organisation addresses get the same words', async () => {
    const wrong = await Promise.all(
      ['nobody@a.test', 'victim@a.test', 'early@a.test'].map((email) =>
        signIn(createClient(server.url), email, 'not the password'),
      ),
    )
    for (const answer of wrong) {
      expect(answer.status).toBe(401)
      expect(answer.json).toEqual(wrong[0]?.json)
    }
  })
})
