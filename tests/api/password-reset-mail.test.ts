import { eq } from 'drizzle-orm'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { mailOutbox, passwordResetTokens } from '#schema/db/system'
import { FORGOT_PASSWORD_ANSWER } from '#schema/mail'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { addSeller } from '../support/api-gold-estates.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { takeInvitationToken } from '../support/invitation-token.ts'
import { allMailSent, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import type { ReceivedMail } from '../support/smtp-receiver.ts'
import type { TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'

// Password reset by mail, end to end over a real SMTP server on loopback (issue 46's
// first slice): what the person receives, what the link does once, and what an attacker
// gets from the form (the same answer, no mail, 429 past the limits).

type SignedIn = Extract<
  InferResponseType<TypedApi['auth']['login']['email']['$post'], 200>,
  { user: unknown }
>
type Reset = InferResponseType<TypedApi['auth']['reset-password'][':token']['$post'], 200>
type SellerLogin = InferResponseType<
  TypedApi['gold-estates']['sellers'][':id']['login']['$post'],
  201
>

let receiver: SmtpReceiver
let server: TestServer
let clientNumber = 0

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail(
    (started) => ({
      SMTP_URL: `smtp://mailer:s3cret-pass@127.0.0.1:${started.port}`,
      MAIL_RETRY_BASE_MS: '200',
      // Each test asks from its own client address (X-Forwarded-For), so the per-client
      // throttle counts what the test means it to.
      TRUST_PROXY: 'true',
    }),
    { refuse: (address) => address.startsWith('refused') },
  ))
  await signInFirstSuperadmin(server)
  await createOrganisation(server.deps, { id: 'org-alfa', name: 'Alfa Makelaars', slug: 'alfa' })
  await createOrganisation(server.deps, {
    id: 'org-evil',
    name: 'Evil\r\nBcc: evil@attacker.test',
    slug: 'evil',
  })
})
afterAll(() => closeServerWithMail(server, receiver))

/** A fresh client address for the throttles. */
const fromNewClient = () => ({ 'x-forwarded-for': `10.0.${++clientNumber}.1` })

async function askReset(
  email: string,
  area: 'central' | 'sales' = 'central',
  headers = fromNewClient(),
) {
  const path =
    area === 'central' ? '/api/auth/forgot-password' : '/api/gold-estates/auth/forgot-password'
  return createClient(server.url).post(path, { email }, headers)
}

async function receiveOne(address: string): Promise<ReceivedMail> {
  return eventually(() => {
    const mails = receiver.to(address)
    expect(mails).toHaveLength(1)
    return mails[0] as ReceivedMail
  })
}

const linksIn = (mail: ReceivedMail) =>
  [...(mail.parsed.text ?? '').matchAll(/https?:\/\/\S+\/reset-password\/([a-z2-7]+)/g)].map(
    (match) => ({ url: match[0], token: match[1] as string }),
  )

/** A central account in `org` whose holder set `password` through their setup link. */
async function createAccount(email: string, org: string, password: string, name = 'Persoon') {
  const { token } = await inviteWithSetupLink(server.deps, { email, role: 'USER', name, org })
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, { password })
  expect(setup.status, setup.text).toBe(200)
}

const resetWith = (token: string, password: string) =>
  createClient(server.url).post(`/api/auth/reset-password/${token}`, { password }, fromNewClient())

describe('a password reset by mail', () => {
  test('the mail arrives with both parts; its link sets the password once and ends the other sessions', async () => {
    const email = 'vera@reset.test'
    const oldSession = await signInInvitedUser(server, { email, role: 'USER', name: 'Vera' })
    expect((await oldSession.get('/api/auth/user')).status).toBe(200)

    const asked = await askReset(email)
    expect(asked.status).toBe(202)
    const answer: InferResponseType<TypedApi['auth']['forgot-password']['$post'], 202> = asked.json
    expect(answer).toEqual({ message: FORGOT_PASSWORD_ANSWER } satisfies typeof answer)

    const mail = await receiveOne(email)
    expect(mail.rcptTo).toEqual([email])
    expect(mail.parsed.subject).toBe('Nieuw wachtwoord kiezen voor Centraal')
    expect(mail.parsed.from?.text).toContain('centraal@example.test')
    expect(mail.parsed.messageId).toMatch(/^<[0-9a-f-]+@127\.0\.0\.1>$/)
    expect(mail.parsed.html).toContain('Nieuw wachtwoord kiezen')
    expect(mail.parsed.text).toContain('De link werkt één keer en is 60 minuten geldig')
    const [link, ...others] = linksIn(mail)
    expect(others).toHaveLength(0)
    expect(link?.url).toMatch(new RegExp(`^${server.url.replace('.', '\\.')}/reset-password/`))
    expect(mail.parsed.html).toContain(link?.url)
    // The token is in the mail only: the system file holds its hash.
    const stored = server.deps.systemDb.select().from(passwordResetTokens).all()
    expect(JSON.stringify(stored)).not.toContain(link?.token)

    const reset = await resetWith(link?.token as string, 'a new password 1')
    expect(reset.status, reset.text).toBe(200)
    const changed: Reset = reset.json
    expect(changed).toEqual({
      message: 'Je wachtwoord is gewijzigd. Je kunt nu inloggen.',
      loginPath: '/login',
    } satisfies typeof changed)
    expect((await oldSession.get('/api/auth/user')).status).toBe(401)
    const signIn = (password: string) =>
      createClient(server.url).post('/api/auth/login/email', { email, password }, fromNewClient())
    expect((await signIn('a new password 1')).status).toBe(200)
    expect((await signIn('USER password')).status).toBe(401)

    const again = await resetWith(link?.token as string, 'a third password')
    expectRefusal(
      again,
      400,
      'Deze herstellink is al gebruikt. Vraag een nieuwe aan via Wachtwoord vergeten.',
    )
    // The mail is marked sent and holds no link any longer.
    const row = server.deps.systemDb.select().from(mailOutbox).all().at(-1)
    expect(row).toMatchObject({ status: 'sent', content: null, recipient: email })
  })

  test('a link after its hour, or after the password changed otherwise, is refused with why', async () => {
    const email = 'wim@reset.test'
    await createAccount(email, 'default-org', 'wim password 1')
    await askReset(email)
    const first = linksIn(await receiveOne(email))[0]?.token as string
    server.deps.systemDb
      .update(passwordResetTokens)
      .set({ expiresAt: Date.now() - 1 })
      .run()
    const expired = await resetWith(first, 'wim password 2')
    expectRefusal(
      expired,
      400,
      'Deze herstellink is verlopen. Vraag een nieuwe aan via Wachtwoord vergeten.',
    )

    await askReset(email)
    await askReset(email)
    await eventually(() => expect(receiver.to(email)).toHaveLength(3))
    const [second, third] = receiver
      .to(email)
      .slice(1)
      .map((mail) => linksIn(mail)[0]?.token)
    expect((await resetWith(second as string, 'wim password 3')).status).toBe(200)
    const stale = await resetWith(third as string, 'wim password 4')
    expectRefusal(stale, 400, /sinds deze link gewijzigd/)
    expect(
      ((await resetWith('abcdefghijklmnopqrst', 'wim password 5')).json as ErrorAnswer).message,
    ).toMatch(/ongeldig/)
  })

  test('a person in two organisations gets one mail listing both and resets the one they choose', async () => {
    const email = 'twee@reset.test'
    await createAccount(email, 'default-org', 'same password 1')
    await createAccount(email, 'org-alfa', 'alfa password 1')
    const alfaSession = createClient(server.url)
    const login = await alfaSession.post(
      '/api/auth/login/email',
      { email, password: 'alfa password 1' },
      fromNewClient(),
    )
    expect((login.json as SignedIn).user.organizationId).toBe('org-alfa')

    await askReset(email)
    const mail = await receiveOne(email)
    expect(mail.parsed.text).toContain('account bij 2 organisaties')
    expect(mail.parsed.text).toContain('Nieuw wachtwoord voor Alfa Makelaars')
    const links = linksIn(mail)
    expect(links).toHaveLength(2)
    // The person chooses the account that is not Alfa's.
    const chosen = links.find(
      (link) => !(mail.parsed.text ?? '').includes(`Alfa Makelaars ${link.url}`),
    )?.token as string
    expect(mail.parsed.text).toContain(
      `Alfa Makelaars ${links.find((l) => l.token !== chosen)?.url}`,
    )
    expect((await resetWith(chosen, 'chosen password 1')).status).toBe(200)
    // The other organisation's account keeps its password and its session.
    expect((await alfaSession.get('/api/auth/user')).status).toBe(200)
    const alfa = await createClient(server.url).post(
      '/api/auth/login/email',
      { email, password: 'alfa password 1' },
      fromNewClient(),
    )
    expect((alfa.json as SignedIn).user.organizationId).toBe('org-alfa')
    const chosenLogin = await createClient(server.url).post(
      '/api/auth/login/email',
      { email, password: 'chosen password 1' },
      fromNewClient(),
    )
    expect((chosenLogin.json as SignedIn).user.organizationId).toBe('default-org')
  })

  test('an unknown address, and an account whose holder never set a password, get the same answer and no mail', async () => {
    await createClient(server.url) // warm the connection
    await inviteWithSetupLink(server.deps, {
      email: 'nooit@reset.test',
      role: 'USER',
      name: 'Nooit',
      org: 'default-org',
    })
    await createAccount('bekend@reset.test', 'default-org', 'bekend password')
    const timed = async (email: string) => {
      const started = performance.now()
      const answer = await askReset(email)
      return { answer, ms: performance.now() - started }
    }
    const unknown = await timed('niemand@reset.test')
    const neverSet = await timed('nooit@reset.test')
    const known = await timed('bekend@reset.test')
    for (const { answer } of [unknown, neverSet, known]) {
      expect(answer.status).toBe(202)
      expect(answer.text).toBe(known.answer.text)
    }
    // The address is looked up after the answer: no lookup, hashing or rendering in it.
    expect(Math.abs(unknown.ms - known.ms)).toBeLessThan(250)
    await receiveOne('bekend@reset.test')
    await quietPeriod(
      1000,
      'the addresses are looked up after the answer: time for a mail to them to be sent',
    )
    expect(receiver.to('niemand@reset.test')).toHaveLength(0)
    expect(receiver.to('nooit@reset.test')).toHaveLength(0)
    const rows = server.deps.systemDb.select().from(mailOutbox).all()
    expect(rows.map((row) => row.recipient)).not.toContain('niemand@reset.test')
  })

  test('a flood gets 429 with Retry-After, per client and per address', async () => {
    const client = fromNewClient()
    for (let i = 0; i < 20; i++) {
      expect((await askReset(`flood${i}@reset.test`, 'central', client)).status).toBe(202)
    }
    const limited = await askReset('flood-last@reset.test', 'central', client)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The Gold Estates form counts on the same client.
    expect((await askReset('flood-x@reset.test', 'sales', client)).status).toBe(429)

    for (let i = 0; i < 5; i++) expect((await askReset('target@reset.test')).status).toBe(202)
    const perAddress = await askReset('target@reset.test')
    expect(perAddress.status).toBe(429)
    expect(perAddress.headers.get('retry-after')).toBeTruthy()
  })

  test('header injection through an address is refused, through a name or organisation escaped', async () => {
    const injected = await askReset('victim@reset.test\r\nBcc: evil@attacker.test')
    expect(injected.status).toBe(400)

    const email = 'naam@reset.test'
    await createAccount(email, 'org-evil', 'naam password 1', 'Jan\r\nBcc: evil@attacker.test')
    await askReset(email)
    const mail = await receiveOne(email)
    expect(mail.rcptTo).toEqual([email])
    const headers = mail.raw.split(/\r?\n\r?\n/)[0] ?? ''
    expect(headers).not.toMatch(/^bcc:/im)
    expect(mail.parsed.to && 'text' in mail.parsed.to ? mail.parsed.to.text : '').toBe(email)
    // The request queued its mails in one transaction: once all are sent, evil got any of them.
    await allMailSent(server)
    expect(receiver.to('evil@attacker.test')).toHaveLength(0)
  })

  test('a Gold Estates sign-in is reset through its own form, its link opening the sales area', async () => {
    const owner = await signInInvitedUser(server, {
      email: 'owner@reset.test',
      role: 'SUPERADMIN',
      name: 'Eigenaar',
    })
    expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    const sellerId = await addSeller(owner, { name: 'Verkoper', email: 'seller@reset.test' })
    const login = await owner.post(`/api/gold-estates/sellers/${sellerId}/login`, {
      role: 'SELLER',
    })
    const invitation: SellerLogin = login.json
    expect(invitation).toMatchObject({
      invited: true,
      invitedTo: 'seller@reset.test',
    } satisfies PartOf<typeof invitation>)
    const setupToken = await takeInvitationToken(receiver, 'seller@reset.test')
    await createClient(server.url).post(`/api/auth/setup/${setupToken}`, {
      password: 'seller password 1',
    })
    const session = createClient(server.url)
    const signedIn = await session.post(
      '/api/gold-estates/auth/login',
      { email: 'seller@reset.test', password: 'seller password 1' },
      fromNewClient(),
    )
    expect(signedIn.status, signedIn.text).toBe(200)

    // The central form knows no central account of this address: no mail.
    expect((await askReset('seller@reset.test', 'central')).status).toBe(202)
    expect((await askReset('seller@reset.test', 'sales')).status).toBe(202)
    const mail = await receiveOne('seller@reset.test')
    const [link] = linksIn(mail)
    expect(link?.url).toContain('/gold-estates/reset-password/')
    const reset = await resetWith(link?.token as string, 'seller password 2')
    expect((reset.json as Reset).loginPath).toBe('/gold-estates/login')
    expect((await session.get('/api/gold-estates/auth/user')).status).toBe(401)
    const again = await createClient(server.url).post(
      '/api/gold-estates/auth/login',
      { email: 'seller@reset.test', password: 'seller password 2' },
      fromNewClient(),
    )
    expect(again.status).toBe(200)
  })
})

test('with SMTP the outbox page names the server without its password and shows no mail body', async () => {
  const root = createClient(server.url)
  await root.post('/api/auth/login/email', { email: 'root@example.com', password: 'root password' })
  const page = await root.get('/api/admin/outbox')
  expect(page.status).toBe(200)
  expect(page.text).not.toContain('s3cret-pass')
  const outbox: InferResponseType<TypedApi['admin']['outbox']['$get'], 200> = page.json
  expect(outbox.server).toEqual({
    host: '127.0.0.1',
    port: receiver.port,
    secure: false,
    user: 'mailer',
    from: 'Centraal <centraal@example.test>',
  })
  const mails = outbox.mails
  expect(mails.length).toBeGreaterThan(0)
  for (const mail of mails) expect([mail.html, mail.text]).toEqual([null, null])
  expect(page.text).not.toMatch(/reset-password\//)
})

test('links point at PUBLIC_URL whatever Host the request names; asked on the sales host, at the sales host', async () => {
  const email = 'host@reset.test'
  await createAccount(email, 'default-org', 'host password 1')
  const forged = await createClient(server.url).post(
    '/api/auth/forgot-password',
    { email },
    { ...fromNewClient(), host: 'evil.attacker.test' },
  )
  if (forged.status === 202) {
    const [link] = linksIn(await receiveOne(email))
    expect(link?.url.startsWith(`${server.url}/reset-password/`)).toBe(true)
  } else expect(forged.status).toBeGreaterThanOrEqual(400)

  const seller = 'host-seller@reset.test'
  const owner = await signInInvitedUser(server, {
    email: 'host-owner@reset.test',
    role: 'SUPERADMIN',
  })
  expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const sellerId = await addSeller(owner, { name: 'Verkoper', email: seller })
  const login = await owner.post(`/api/gold-estates/sellers/${sellerId}/login`, { role: 'SELLER' })
  expect((login.json as SellerLogin).invited).toBe(true)
  await createClient(server.url).post(
    `/api/auth/setup/${await takeInvitationToken(receiver, seller)}`,
    {
      password: 'host seller 1',
    },
  )
  const port = new URL(server.url).port
  const onSalesHost = await createClient(server.url).post(
    '/api/gold-estates/auth/forgot-password',
    { email: seller },
    { ...fromNewClient(), host: `sales.localhost:${port}` },
  )
  expect(onSalesHost.status).toBe(202)
  const [salesLink] = linksIn(await receiveOne(seller))
  expect(salesLink?.url.startsWith(`http://sales.localhost:${port}/reset-password/`)).toBe(true)
})

describe('the mail server away and back', () => {
  test('every mail queued while SMTP is down arrives exactly once after it is back; requests are answered meanwhile', async () => {
    const addresses = Array.from({ length: 5 }, (_, i) => `queue${i}@reset.test`)
    for (const email of addresses) await createAccount(email, 'default-org', 'queue password')
    await receiver.stop()
    for (const email of addresses) expect((await askReset(email)).status).toBe(202)
    await eventually(() => {
      const rows = server.deps.systemDb.select().from(mailOutbox).all()
      const queued = rows.filter((row) => addresses.includes(row.recipient))
      expect(queued).toHaveLength(5)
      for (const row of queued) {
        expect(row.status).toBe('pending')
        expect(row.attempts).toBeGreaterThanOrEqual(2)
        expect(row.lastError).toMatch(/ECONNREFUSED|ECONNECTION|ESOCKET/)
      }
    })
    expect((await createClient(server.url).get('/api/health')).status).toBe(200)
    await receiver.start()
    for (const email of addresses) await receiveOne(email)
    // Once nothing is left to send (again), still one each, each with its own Message-ID.
    await allMailSent(server)
    const ids = addresses.map((email) => {
      const mails = receiver.to(email)
      expect(mails).toHaveLength(1)
      return mails[0]?.parsed.messageId
    })
    expect(new Set(ids).size).toBe(5)
  })

  test('a mail the server refuses for good is marked failed with its answer', async () => {
    const email = 'refused@reset.test'
    await createAccount(email, 'default-org', 'refused password')
    await askReset(email)
    const row = await eventually(() => {
      const found = server.deps.systemDb
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, email))
        .get()
      expect(found?.status).toBe('failed')
      return found
    })
    expect(row?.attempts).toBe(1)
    expect(row?.lastError).toMatch(/^550/)
    expect(row?.content).toBeNull()
  })
})
