import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { emailChangeTokens } from '#schema/db/system'
import { hashToken } from '#server/auth/tokens'
import { signIn, signInFirstSuperadmin, signInNewOrganisation } from '../support/accounts.ts'
import { closeServerWithMail, confirmationTokenIn } from '../support/api-mail.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { type Client, createClient } from '../support/http.ts'
import { nthMailTo, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

type Asked = InferResponseType<TypedApi['profile']['email']['$post'], 202>
type Confirmed = InferResponseType<TypedApi['profile']['email']['confirm'][':token']['$post'], 200>
type Address = InferResponseType<TypedApi['profile']['email']['$get'], 200>

// Changing one's own address (issue 46, point 5), over a real SMTP server on loopback: a
// link to the new address and a notice to the old; nothing changes until the link is
// used, once, within a day, while the address is still free, by its own account.

let receiver: SmtpReceiver
let server: TestServer

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
    TRUST_PROXY: 'true',
  }))
  await signInFirstSuperadmin(server)
})
afterAll(() => closeServerWithMail(server, receiver))

const receiveOne = (address: string, count = 1) => nthMailTo(receiver, address, count)

/** `person` asks for `email` as their address, giving their password (or `currentPassword`). */
const askNewAddress = (
  person: { api: Client; password: string },
  email: string,
  currentPassword = person.password,
) => person.api.post('/api/profile/email', { email, currentPassword })

const confirm = (client: Client, token: string) =>
  client.post(`/api/profile/email/confirm/${token}`)

describe('changing one’s own address', () => {
  test('mails a link to the new address and a notice to the old; the change waits for the link', async () => {
    const org = await signInNewOrganisation(server, 'Adres & Zonen')
    const bea = await org.invite('bea', 'USER', 'Bea Bakker')
    const asked = await askNewAddress(bea, 'Bea.New@Example.test')
    expect(asked.status, asked.text).toBe(202)
    expect((asked.json as Asked).message).toBe(
      'Bevestig je nieuwe adres: we stuurden een e-mail naar bea.new@example.test. Tot je bevestigt, blijft je huidige adres in gebruik.',
    )
    // Meanwhile: the old address stays, the new one is named as waiting.
    const meanwhile = await bea.api.get('/api/profile/email')
    expect(meanwhile.json).toMatchObject({
      email: bea.email,
      pending: { email: 'bea.new@example.test' },
    } satisfies PartOf<Address>)
    await signIn(server, bea)

    const link = await receiveOne('bea.new@example.test')
    expect(link.parsed.subject).toBe('Bevestig je nieuwe e-mailadres voor Centraal')
    expect(link.parsed.html).toContain('Nieuw adres bevestigen')
    expect(link.parsed.text).toContain('Adres & Zonen')
    const notice = await receiveOne(bea.email)
    expect(notice.parsed.subject).toBe('Het e-mailadres van je Centraal-account wordt gewijzigd')
    expect(notice.parsed.text).toContain('bea.new@example.test')
    // The notice carries no link that makes the change.
    expect(notice.parsed.text).not.toMatch(/confirm-email/)

    const token = confirmationTokenIn(link)
    expect(token).toBeTruthy()
    // Opened on another device, without a session: the link is the proof.
    const done = await confirm(createClient(server.url), token)
    expect(done.status, done.text).toBe(200)
    expect((done.json as Confirmed).message).toBe(
      'Je e-mailadres is gewijzigd naar bea.new@example.test.',
    )
    expect((await bea.api.get('/api/profile/email')).json).toEqual({
      email: 'bea.new@example.test',
      pending: null,
    } satisfies Address)
    await signIn(server, { email: 'bea.new@example.test', password: bea.password })
    await expect(signIn(server, bea)).rejects.toThrow(/login: 401/)

    // Used once: the second time is refused clearly.
    const again = await confirm(createClient(server.url), token)
    expectRefusal(
      again,
      400,
      'Deze bevestigingslink is al gebruikt of vervangen door een nieuwere aanvraag.',
    )
  })

  test('an address taken meanwhile is refused at the link, and nothing changes', async () => {
    const org = await signInNewOrganisation(server, 'Bezet')
    const cas = await org.invite('cas', 'USER', 'Cas')
    const admin = await org.invite('admin', 'ADMIN', 'Ada')
    const wanted = org.email('wanted')
    expect((await askNewAddress(cas, wanted)).status).toBe(202)
    const token = confirmationTokenIn(await receiveOne(wanted))
    // The administrator creates a user with that address before Cas confirms.
    expect((await admin.api.post('/api/users', { name: 'Wim', email: wanted })).status).toBe(201)
    const refused = await confirm(cas.api, token)
    expectRefusal(
      refused,
      409,
      'Dit adres is inmiddels in gebruik door een ander account in je organisatie. Je e-mailadres is niet gewijzigd.',
    )
    expect(((await cas.api.get('/api/profile/email')).json as Address).email).toBe(cas.email)
    // Asking for an address in use is refused at once.
    const taken = await askNewAddress(cas, admin.email)
    expectRefusal(taken, 409, 'Dit e-mailadres is al in gebruik in je organisatie')
  })

  test('a wrong password, a bad address, a header in the address and a flood are refused', async () => {
    const org = await signInNewOrganisation(server, 'Aanval')
    const dirk = await org.invite('dirk', 'USER', 'Dirk')
    const wrong = await askNewAddress(dirk, 'x@example.test', 'not it')
    expectRefusal(wrong, 403, 'Je huidige wachtwoord klopt niet')
    const withoutPassword = await dirk.api.post('/api/profile/email', { email: 'x@example.test' })
    expect(withoutPassword.status).toBe(403)
    for (const email of ['x@example.test\r\nBcc: spy@evil.test', 'no address', '']) {
      const bad = await askNewAddress(dirk, email)
      expect(bad.status, email).toBe(400)
    }
    const same = await askNewAddress(dirk, dirk.email)
    expect((same.json as ErrorAnswer).message).toBe('Dit is al je e-mailadres')
    expect(
      (await createClient(server.url).post('/api/profile/email', { email: 'a@b.test' })).status,
    ).toBe(401)
    // Five requests an hour per account (each mails two people); the next is refused.
    // Three counted already above (wrong, without password, same); bad input is not.
    for (let attempt = 0; attempt < 2; attempt++) {
      const asked = await askNewAddress(dirk, `flood${attempt}@example.test`)
      expect(asked.status).toBe(202)
    }
    const flood = await askNewAddress(dirk, 'flood9@example.test')
    expect(flood.status).toBe(429)
    expect(receiver.to('spy@evil.test')).toHaveLength(0)
    // Only the newest request's link works: the first one was replaced.
    const first = confirmationTokenIn(await receiveOne('flood0@example.test'))
    const second = confirmationTokenIn(await receiveOne('flood1@example.test'))
    expect((await confirm(dirk.api, first)).status).toBe(400)
    expect((await confirm(dirk.api, second)).status).toBe(200)
  })

  test('a link is refused in a browser signed in to another account, and for another organisation', async () => {
    const org = await signInNewOrganisation(server, 'Eigen')
    const eva = await org.invite('eva', 'USER', 'Eva')
    const fred = await org.invite('fred', 'USER', 'Fred')
    const stranger = await signInNewOrganisation(server, 'Vreemd')
    expect((await askNewAddress(eva, 'eva.new@example.test')).status).toBe(202)
    const token = confirmationTokenIn(await receiveOne('eva.new@example.test'))
    for (const other of [fred.api, stranger.api]) {
      const refused = await confirm(other, token)
      expectRefusal(
        refused,
        403,
        'Deze link hoort bij een ander account dan waarmee je nu bent ingelogd. Log uit of open de link in een privévenster.',
      )
    }
    expect(((await fred.api.get('/api/profile/email')).json as Address).email).toBe(fred.email)
    expect(((await eva.api.get('/api/profile/email')).json as Address).email).toBe(eva.email)
    // A made-up or malformed token is refused the same way as an unknown one.
    expect((await confirm(createClient(server.url), 'a'.repeat(32))).status).toBe(400)
    expect((await confirm(createClient(server.url), '../../x')).status).toBe(404)
    // The link still works for its own account.
    expect((await confirm(eva.api, token)).status).toBe(200)
  })

  test('a link older than a day is refused, and the address stays', async () => {
    const org = await signInNewOrganisation(server, 'Laat')
    const gijs = await org.invite('gijs', 'USER', 'Gijs')
    const asked = await askNewAddress(gijs, 'gijs.new@example.test')
    expect(asked.status).toBe(202)
    const token = confirmationTokenIn(await receiveOne('gijs.new@example.test'))
    // A day and a moment later (the token row's expiry moved back, as time would).
    server.deps.systemDb
      .update(emailChangeTokens)
      .set({ expiresAt: Date.now() - 1 })
      .where(eq(emailChangeTokens.tokenHash, hashToken(token)))
      .run()
    expect((asked.json as Asked).pending.expiresAt - Date.now()).toBeGreaterThan(
      23.9 * 60 * 60 * 1000,
    )
    const late = await confirm(gijs.api, token)
    expectRefusal(
      late,
      400,
      'Deze bevestigingslink is verlopen. Vraag de wijziging opnieuw aan in Instellingen.',
    )
    expect((await gijs.api.get('/api/profile/email')).json).toEqual({
      email: gijs.email,
      pending: null,
    } satisfies Address)
  })
})
