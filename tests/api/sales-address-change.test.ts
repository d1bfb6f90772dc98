import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailChangeTokens, mailBounces } from '#schema/db/system'
import { hashToken } from '#server/auth/tokens'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import { closeServerWithMail, confirmationTokenIn } from '../support/api-mail.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { nthMailTo, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Sellers = InferResponseType<TypedApi['gold-estates']['sellers']['$get'], 200>
type Bounces = InferResponseType<TypedApi['gold-estates']['sellers']['mail-bounces']['$get'], 200>
type EmailAddress = InferResponseType<TypedApi['gold-estates']['profile']['email']['$get'], 200>
type Confirmed = InferResponseType<
  TypedApi['gold-estates']['profile']['email']['confirm'][':token']['$post'],
  200
>

// A Gold Estates sign-in changes its own address (issue 46 point 5, decision 037): a link
// to the new address (opening in Gold Estates) and a notice to the old; nothing changes
// until the link is used, once, within a day, by its own account. The seller record
// follows: one address per seller. And the attacks on it.

let receiver: SmtpReceiver
let server: TestServer
let admin: Client
let sanne: Client
let cor: Client
let ids: Record<'sanne' | 'cor' | 'noor', string>

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
  }))
  admin = await signInFirstSuperadminWithGoldEstates(server)
  const team = await addSellers(
    server,
    admin,
    { sanne: 'Sanne', cor: 'Cor', noor: 'Noor' },
    receiver,
  )
  ids = team.ids
  sanne = await team.signIn('sanne', 'SELLER')
  cor = await team.signIn('cor', 'SELLER')
})
afterAll(() => closeServerWithMail(server, receiver))

const receiveOne = (address: string, count = 1) => nthMailTo(receiver, address, count)
const confirm = (client: Client, token: string) =>
  client.post(`/api/gold-estates/profile/email/confirm/${token}`)
const ask = (client: Client, email: string, currentPassword: string) =>
  client.post('/api/gold-estates/profile/email', { email, currentPassword })
const salesLogin = (email: string, password: string) =>
  createClient(server.url).post('/api/gold-estates/auth/login', { email, password })
const sellerEmail = async (id: string) =>
  ((await admin.get('/api/gold-estates/sellers')).json as Sellers).find(
    (seller) => seller.id === id,
  )?.email

describe('a SELLER changes their own address', () => {
  test('the link goes to the new address, a notice to the old; it takes effect only when confirmed, sign-in and seller alike', async () => {
    const asked = await ask(sanne, 'Sanne.Nieuw@Example.test', 'sanne@example.com password')
    expect(asked.status, asked.text).toBe(202)
    const view: EmailAddress = (await sanne.get('/api/gold-estates/profile/email')).json
    expect(view).toMatchObject({
      email: 'sanne@example.com',
      pending: { email: 'sanne.nieuw@example.test' },
      changeable: true,
    } satisfies PartOf<EmailAddress>)
    const link = await receiveOne('sanne.nieuw@example.test')
    expect(link.parsed.subject).toBe('Bevestig je nieuwe e-mailadres voor Gold Estates')
    expect(link.parsed.text).toContain(`${server.url}/gold-estates/confirm-email/`)
    expect(link.parsed.html).toBeTruthy()
    // (The invitation was taken out of the receiver's list when Sanne set her password.)
    const notice = await receiveOne('sanne@example.com')
    expect(notice.parsed.subject).toBe(
      'Het e-mailadres van je Gold Estates-account wordt gewijzigd',
    )
    expect(notice.parsed.text).not.toContain('/confirm-email/')
    // Not yet: the old address still signs in.
    expect((await salesLogin('sanne@example.com', 'sanne@example.com password')).status).toBe(200)

    const token = confirmationTokenIn(link)
    // Another session's confirm: a colleague's browser, and another organisation's owner's.
    expect((await confirm(cor, token)).status).toBe(403)
    const outsider = await signInOtherOrganisationOwner(server)
    expect((await confirm(outsider, token)).status).toBe(403)
    // Centraal's confirm route does not take a Gold Estates link.
    expect(
      (await createClient(server.url).post(`/api/profile/email/confirm/${token}`)).status,
    ).toBe(400)

    const done = await confirm(createClient(server.url), token)
    expect(done.status, done.text).toBe(200)
    expect((done.json as Confirmed).email).toBe('sanne.nieuw@example.test')
    expect((await salesLogin('sanne@example.com', 'sanne@example.com password')).status).toBe(401)
    expect(
      (await salesLogin('sanne.nieuw@example.test', 'sanne@example.com password')).status,
    ).toBe(200)
    // One truth: the seller record the sales ADMIN sees has it too.
    expect(await sellerEmail(ids.sanne)).toBe('sanne.nieuw@example.test')
    // Used twice: refused.
    const again = await confirm(createClient(server.url), token)
    expectRefusal(
      again,
      400,
      'Deze bevestigingslink is al gebruikt of vervangen door een nieuwere aanvraag.',
    )
  })

  test('an expired link, a wrong password and an address the organisation already uses are refused', async () => {
    expect((await ask(cor, 'cor2@example.test', 'wrong')).status).toBe(403)
    // Another sign-in's address, and a seller's without a sign-in yet.
    for (const taken of ['sanne.nieuw@example.test', 'noor@example.com']) {
      const refused = await ask(cor, taken, 'cor@example.com password')
      expect(refused.status, taken).toBe(409)
      expect((refused.json as ErrorAnswer).message).toBe(
        'Dit e-mailadres is al in gebruik in je organisatie',
      )
    }
    expect((await ask(cor, 'cor2@example.test', 'cor@example.com password')).status).toBe(202)
    const token = confirmationTokenIn(await receiveOne('cor2@example.test'))
    server.deps.systemDb
      .update(emailChangeTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(emailChangeTokens.tokenHash, hashToken(token)))
      .run()
    const expired = await confirm(createClient(server.url), token)
    expectRefusal(expired, 400, /verlopen/)
    expect(await sellerEmail(ids.cor)).toBe('cor@example.com')
  })

  test("a SELLER cannot change another seller's address; the sales ADMIN cannot change one whose sign-in is in use", async () => {
    const bySeller = await sanne.request('PATCH', `/api/gold-estates/sellers/${ids.cor}`, {
      email: 'mine@example.test',
    })
    expect(bySeller.status).toBe(403)
    const byAdmin = await admin.request('PATCH', `/api/gold-estates/sellers/${ids.cor}`, {
      email: 'admin-chosen@example.test',
    })
    expectRefusal(byAdmin, 409, /alleen de verkoper zelf/)
    expect(await sellerEmail(ids.cor)).toBe('cor@example.com')
  })

  test('before the seller chose a password the sales ADMIN corrects the address, and the sign-in follows', async () => {
    const link = await admin.post(`/api/gold-estates/sellers/${ids.noor}/login`, { role: 'SELLER' })
    expect(link.status).toBe(201)
    const fixed = await admin.request('PATCH', `/api/gold-estates/sellers/${ids.noor}`, {
      email: 'noor.juist@example.test',
    })
    expect(fixed.status, fixed.text).toBe(200)
    // The first invitation went to the wrong address: its link no longer works.
    const first = await receiveOne('noor@example.com')
    const oldToken = (first.parsed.text ?? '').match(/\/setup\/([a-z2-7]+)/)?.[1] as string
    const setup = await createClient(server.url).post(`/api/auth/setup/${oldToken}`, {
      password: 'noor password 1',
    })
    expect(setup.status).not.toBe(200)
  })
})

describe('"E-mail komt niet aan" for the sales ADMIN', () => {
  test("lists the organisation's sellers whose address bounces, to the sales ADMIN only", async () => {
    server.deps.systemDb
      .insert(mailBounces)
      .values({ email: 'cor@example.com', reason: '550 No such user', at: Date.now() })
      .run()
    const bounces = await admin.get('/api/gold-estates/sellers/mail-bounces')
    expect(bounces.status).toBe(200)
    const bouncing: Bounces = bounces.json
    expect(bouncing).toEqual({
      [ids.cor]: { reason: '550 No such user', at: expect.any(Number) },
    } satisfies Bounces)
    expect((await sanne.get('/api/gold-estates/sellers/mail-bounces')).status).toBe(403)
    const other = await createClient(server.url).get('/api/gold-estates/sellers/mail-bounces')
    expect(other.status).toBe(401)
  })
})
