import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadminWithGoldEstates, signInInvitedUser } from '../support/accounts.ts'
import type { Seller } from '../support/answers.ts'
import { readSystemValue } from '../support/api-files.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import {
  signInAtNewOrganisation,
  signInNewOrganisationOwner,
} from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { eventually } from '../support/eventually.ts'
import { type Client, createClient } from '../support/http.ts'
import { nthMailTo, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { ReceivedMail } from '../support/smtp-receiver.ts'
import { openSystemFile } from '../support/sqlite.ts'
import type { TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'

type Login = InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>
type Choice = Extract<Login, { choice: unknown }>
type SignedIn = Extract<Login, { user: unknown }>
type CreatedUser = InferResponseType<TypedApi['users']['$post'], 201>
type Registered = InferResponseType<TypedApi['auth']['register']['email']['$post'], 201>
type SellerLogin = InferResponseType<
  TypedApi['gold-estates']['sellers'][':id']['login']['$post'],
  201
>
type SetupLink = InferResponseType<TypedApi['users'][':id']['setup-link']['$post'], 201>

// Issue 46 §4 with issue 47 §1: with SMTP_URL an invitation's link goes to its address only,
// over a real SMTP server on loopback; the administrator never holds it, so no organisation
// can set the password of an account with someone else's address.

let receiver: SmtpReceiver
let server: TestServer
let root: Client

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
    SALES_HOST: 'verkoop.test',
  }))
  root = await signInFirstSuperadminWithGoldEstates(server)
})
afterAll(() => closeServerWithMail(server, receiver))

const receive = (address: string, count = 1) => nthMailTo(receiver, address, count)

/** The setup link in a mail's text part, and its token. */
function setupLinkIn(mail: ReceivedMail) {
  const match = (mail.parsed.text ?? '').match(/(https?:\/\/\S+)\/setup\/([a-z2-7]+)/)
  expect(match, mail.parsed.text).not.toBeNull()
  return { base: match?.[1] as string, token: match?.[2] as string, url: match?.[0] as string }
}

const proofsOf = (email: string) => {
  const system = openSystemFile(server.dataDir)
  const rows = system.prepare('select * from address_proofs where email = ?').all(email)
  system.close()
  return rows
}

/** A seller given a Gold Estates login by mail, who set the password through it and signed in. */
async function inviteSeller(email: string, headers: Record<string, string> = {}) {
  const seller = await root.post('/api/gold-estates/sellers', { name: 'Sam', email })
  expect(seller.status, seller.text).toBe(201)
  const login = await root.post(
    `/api/gold-estates/sellers/${(seller.json as Seller).id}/login`,
    { role: 'SELLER' },
    headers,
  )
  expect(login.status, login.text).toBe(201)
  expect(login.json).toMatchObject({
    invited: true,
    invitedTo: email,
  } satisfies PartOf<SellerLogin>)
  expect(login.text).not.toContain('/setup/')
  const mail = await receive(email)
  expect(mail.parsed.subject).toBe('Je uitnodiging voor Gold Estates')
  expect(mail.parsed.text).toContain('Gold Estates van')
  const link = setupLinkIn(mail)
  const sam = createClient(server.url)
  expect(
    (await sam.post(`/api/auth/setup/${link.token}`, { password: 'seller password' })).status,
  ).toBe(200)
  const signedIn = await sam.post('/api/gold-estates/auth/login', {
    email,
    password: 'seller password',
  })
  expect(signedIn.status, signedIn.text).toBe(200)
  return { sam, sellerId: (seller.json as Seller).id, link }
}

const invite = (by: Client, email: string, name = 'Nieuwe Collega') =>
  by.post('/api/users', { name, email, role: 'USER', status: 'active' })

describe('an invitation by mail', () => {
  test('POST /api/users answers invited, no link; the mail carries it; the invitee sets a password and signs in', async () => {
    const email = 'nina@invite.test'
    const created = await invite(root, email, 'Nina')
    expect(created.status, created.text).toBe(201)
    expect(created.json).toMatchObject({
      invited: true,
      invitedTo: email,
      email,
    } satisfies PartOf<CreatedUser>)
    expect(created.json as CreatedUser).not.toHaveProperty('setupUrl')
    expect(created.text).not.toContain('/setup/')

    const mail = await receive(email)
    expect(mail.rcptTo).toEqual([email])
    expect(mail.parsed.subject).toBe('Je uitnodiging voor Centraal')
    expect(mail.parsed.html).toContain('Je bent uitgenodigd')
    expect(mail.parsed.text).toContain('Root Admin nodigt je uit voor')
    const link = setupLinkIn(mail)
    expect(link.base).toBe(server.url)
    expect(mail.parsed.html).toContain(link.url)
    // The token is in the mail only.
    const system = openSystemFile(server.dataDir)
    expect(JSON.stringify(system.prepare('select * from setup_tokens').all())).not.toContain(
      link.token,
    )
    system.close()

    const browser = createClient(server.url)
    const setup = await browser.post(`/api/auth/setup/${link.token}`, { password: 'nina password' })
    expect(setup.status, setup.text).toBe(200)
    expect(proofsOf(email)).toHaveLength(1)
    const signIn = await createClient(server.url).post('/api/auth/login/email', {
      email,
      password: 'nina password',
    })
    expect(signIn.status, signIn.text).toBe(200)
  })

  test('"Opnieuw versturen" sends a new link and kills the old; again within minutes is 429 in Dutch', async () => {
    const email = 'otto@invite.test'
    const created = await invite(root, email, 'Otto')
    const first = setupLinkIn(await receive(email))
    const again = await root.post(`/api/users/${(created.json as CreatedUser).id}/setup-link`)
    expectRefusal(
      again,
      429,
      'Er is net een uitnodiging naar dit adres verstuurd. Probeer het over enkele minuten opnieuw.',
    )
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(receiver.to(email)).toHaveLength(1)
    // An account invited before mail was configured (a held link) gets its first mail at once.
    const held = await inviteWithSetupLink(server.deps, {
      email: 'held@invite.test',
      role: 'USER',
      org: DEFAULT_ORGANISATION_ID,
    })
    const heldId = readSystemValue(
      server.dataDir,
      "select user_id from login_directory where email = 'held@invite.test'",
    ) as string
    const resent = await root.post(`/api/users/${heldId}/setup-link`)
    expect(resent.status, resent.text).toBe(201)
    expect(resent.json).toMatchObject({
      invited: true,
      invitedTo: 'held@invite.test',
    } satisfies PartOf<SetupLink>)
    const mailed = setupLinkIn(await receive('held@invite.test'))
    expect(
      (
        await createClient(server.url).post(`/api/auth/setup/${held.token}`, {
          password: 'x password 1',
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await createClient(server.url).post(`/api/auth/setup/${mailed.token}`, {
          password: 'x password 1',
        })
      ).status,
    ).toBe(200)
    // Otto's first link still works: the refused resend changed nothing.
    expect(
      (
        await createClient(server.url).post(`/api/auth/setup/${first.token}`, {
          password: 'otto password',
        })
      ).status,
    ).toBe(200)
  })

  test('a name with a line break reaches the body only: one recipient, no Bcc', async () => {
    const email = 'jan@invite.test'
    const created = await invite(root, email, 'Jan\r\nBcc: x@y.test')
    expect([201, 400]).toContain(created.status)
    if (created.status === 201) {
      const mail = await receive(email)
      expect(mail.rcptTo).toEqual([email])
      expect(mail.parsed.bcc).toBeUndefined()
      // The name is in the body, escaped; the headers hold none of it.
      const headers = mail.raw.split(/\r?\n\r?\n/)[0] as string
      expect(headers).not.toMatch(/^Bcc:/im)
      expect(headers).not.toContain('x@y.test')
    }
    expect(receiver.received.filter((mail) => mail.rcptTo.includes('x@y.test'))).toHaveLength(0)
    // An address with a line break never passes the schema.
    const injected = await invite(root, 'jan@invite.test\r\nBcc: x@y.test')
    expect(injected.status).toBe(400)
  })

  test("'Opnieuw versturen' for another organisation's account is 404; lesser roles and outsiders are refused", async () => {
    const otherAdmin = await signInAtNewOrganisation(server, 'other', 'ADMIN', 'admin@other.test')
    const created = await invite(root, 'target@invite.test', 'Doelwit')
    const id = (created.json as CreatedUser).id
    expect((await otherAdmin.post(`/api/users/${id}/setup-link`)).status).toBe(404)
    const user = await signInInvitedUser(server, { email: 'user@invite.test', role: 'USER' })
    expect((await user.post(`/api/users/${id}/setup-link`)).status).toBe(403)
    expect(
      (
        await user.post('/api/users', {
          name: 'Xander',
          email: 'x@invite.test',
          role: 'USER',
          status: 'active',
        })
      ).status,
    ).toBe(403)
    expect((await createClient(server.url).post(`/api/users/${id}/setup-link`)).status).toBe(401)
    // A registered stranger waits for approval and has no session to ask with.
    const stranger = createClient(server.url)
    await stranger.post('/api/auth/register/email', {
      name: 'Vreemde',
      email: 'vreemde@invite.test',
      password: 'stranger pw 1',
    })
    expect((await stranger.post(`/api/users/${id}/setup-link`)).status).toBe(401)
    // A SELLER has a Gold Estates session only.
    const { sam, sellerId } = await inviteSeller('sam@invite.test')
    const seller = { json: { id: sellerId } }
    expect((await sam.post(`/api/users/${id}/setup-link`)).status).toBe(401)
    expect(
      (await sam.post(`/api/gold-estates/sellers/${seller.json.id}/login`, { role: 'ADMIN' }))
        .status,
    ).toBe(403)
    // Only the one invitation went to the target's address.
    expect(receiver.to('target@invite.test')).toHaveLength(1)
  })

  test("a seller's login asked on SALES_HOST gets its link on that host; on PUBLIC_URL, there", async () => {
    const onPublic = await inviteSeller('lisa@invite.test')
    expect(onPublic.link.base).toBe(server.url)
    const port = new URL(server.url).port
    const onSales = await root.post('/api/gold-estates/sellers', {
      name: 'Kees',
      email: 'kees@invite.test',
    })
    const login = await root.post(
      `/api/gold-estates/sellers/${(onSales.json as Seller).id}/login`,
      { role: 'SELLER' },
      { host: `verkoop.test:${port}` },
    )
    expect(login.status, login.text).toBe(201)
    expect(setupLinkIn(await receive('kees@invite.test')).base).toBe(`http://verkoop.test:${port}`)
  })
})

describe('with mail, no organisation can lock a person out (issue 47 §1)', () => {
  /** A held-link decoy with `email` in a new organisation sorting before default-org. */
  async function plantHeldDecoy(id: string, email: string) {
    await createOrganisation(server.deps, { id, name: `Aanvaller ${id}`, slug: id })
    const { token } = await inviteWithSetupLink(server.deps, { email, role: 'USER', org: id })
    const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, {
      password: 'Attacker pw 123456',
    })
    expect(setup.status, setup.text).toBe(200)
  }

  /** `by` invites `email`; its holder sets `password` through the mail, on a browser of its own. */
  async function acceptByMail(by: Client, email: string, password: string, count = 1) {
    const created = await invite(by, email, 'Slachtoffer')
    expect(created.status, created.text).toBe(201)
    const { token } = setupLinkIn(await receive(email, count))
    const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
    expect(setup.status, setup.text).toBe(200)
  }

  const signIn = (email: string, password: string) =>
    createClient(server.url).post('/api/auth/login/email', { email, password })

  test('three older decoys set by held links: the proven account opens on a new browser; new decoys get no link', async () => {
    const email = 'victim@mail.test'
    for (let n = 1; n <= 3; n++) await plantHeldDecoy(`aa-held-${n}`, email)
    await acceptByMail(root, email, 'victim password')

    const fresh = await signIn(email, 'victim password')
    expect(fresh.status, fresh.text).toBe(200)
    expect((fresh.json as SignedIn).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)

    // Other organisations' owners try again now: the link goes to the victim, not to them.
    for (let n = 1; n <= 3; n++) {
      const id = `aa-mail-${n}`
      const organisation = { id, name: `Aanvaller ${id}` }
      const owner = await signInNewOrganisationOwner(server, organisation, `owner@${id}.test`)
      const decoy = await invite(owner, email, 'Decoy')
      expect(decoy.status, decoy.text).toBe(201)
      expect((decoy.json as CreatedUser).invited).toBe(true)
      expect(decoy.text).not.toContain('/setup/')
    }
    await receive(email, 4)
    const still = await signIn(email, 'victim password')
    expect((still.json as SignedIn).user.organizationId).toBe(DEFAULT_ORGANISATION_ID)
  })

  test('a person in two organisations is offered exactly their two, whatever decoys exist', async () => {
    const email = 'twice@mail.test'
    for (let n = 1; n <= 3; n++) await plantHeldDecoy(`aa-twice-${n}`, email)
    await acceptByMail(root, email, 'twice password')
    const second = await signInNewOrganisationOwner(server, 'zz-second', 'owner@zz-second.test')
    await acceptByMail(second, email, 'twice password', 2)

    const answer = await signIn(email, 'twice password')
    expect(answer.status, answer.text).toBe(200)
    expect((answer.json as Choice).choice.organisations.map((o) => o.id).sort()).toEqual([
      DEFAULT_ORGANISATION_ID,
      'zz-second',
    ])
  })
})

describe('registration with mail (issue 47 §2)', () => {
  const registration = (email: string) => ({
    name: 'Rita Registrant',
    email,
    password: 'rita password 1',
  })

  test('a taken and a free address get the same answer; the free one a mail, the holder of the taken one a warning', async () => {
    const free = await createClient(server.url).post(
      '/api/auth/register/email',
      registration('rita@mail.test'),
    )
    const taken = await createClient(server.url).post(
      '/api/auth/register/email',
      registration('root@example.com'),
    )
    expect(free.status).toBe(201)
    expect(taken.status).toBe(201)
    expect(taken.text).toBe(free.text)
    expect((free.json as Registered).message).toBe(
      'Controleer je e-mail om je registratie af te ronden.',
    )

    const received = await receive('rita@mail.test')
    expect(received.parsed.subject).toBe('Je registratie bij Centraal')
    expect(received.parsed.text).toContain('Een beheerder moet je account nog goedkeuren')
    // root is an administrator too, so also hears of Rita's registration waiting
    // (administrator-mail.test.ts): the warning is told apart by its subject.
    const warning = await eventually(() => {
      const mail = receiver
        .to('root@example.com')
        .find((candidate) => candidate.parsed.subject === 'Registratiepoging met je e-mailadres')
      expect(mail).toBeDefined()
      return mail as ReceivedMail
    })
    expect(warning.parsed.text).toContain('er bestaat al een account met dit adres')
    // The holder's password is untouched.
    expect(
      (
        await createClient(server.url).post('/api/auth/login/email', {
          email: 'root@example.com',
          password: 'root password',
        })
      ).status,
    ).toBe(200)
  })

  test('an approval mails the setup link; the registrant proves the address through it', async () => {
    const email = 'bram@mail.test'
    await createClient(server.url).post('/api/auth/register/email', registration(email))
    await receive(email)
    const id = readSystemValue(
      server.dataDir,
      'select user_id from login_directory where email = ?',
      email,
    ) as string
    const approved = await root.post(`/api/users/${id}/approve`)
    expect(approved.status, approved.text).toBe(200)
    // Not checked against the route's type: it infers the approval as the user alone (the
    // answer with the invitation is a subtype of the one without, and reduced away).
    expect(approved.json).toMatchObject({ invited: true, invitedTo: email })
    const mail = await receive(email, 2)
    expect(mail.parsed.subject).toBe('Je registratie bij Centraal is goedgekeurd')
    const { token } = setupLinkIn(mail)
    expect(
      (
        await createClient(server.url).post(`/api/auth/setup/${token}`, {
          password: 'bram password 1',
        })
      ).status,
    ).toBe(200)
    expect(proofsOf(email)).toHaveLength(1)
  })
})
