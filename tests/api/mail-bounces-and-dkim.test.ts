import { generateKeyPairSync } from 'node:crypto'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { inviteWithSetupLink } from '#server/services/accounts/invite-with-setup-link'
import { signInFirstSuperadmin, signInNewOrganisation } from '../support/accounts.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import { eventually } from '../support/eventually.ts'
import { type Client, createClient } from '../support/http.ts'
import { type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import type { PartOf, TypedApi } from '../support/typed-client.ts'
import { verifyDkim } from '../support/verify-dkim.ts'

type Users = InferResponseType<TypedApi['users']['$get'], 200>
type Bounces = InferResponseType<TypedApi['users']['mail-bounces']['$get'], 200>
type Outbox = InferResponseType<TypedApi['admin']['outbox']['$get'], 200>

// DKIM signing (MAIL_DKIM_*) and addresses a mail server refuses for good (issue 46,
// point 1), over a real SMTP server on loopback: the signature verifies against the
// public key; a 5xx refusal marks the address for its own organisation's administrators
// on Gebruikers and on the outbox page, and a later delivery clears it.

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 })
const refused = new Set<string>()
let receiver: SmtpReceiver
let server: TestServer
let root: Client

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail(
    {
      MAIL_FROM: 'Centraal <centraal@mail.example.test>',
      MAIL_RETRY_BASE_MS: '200',
      MAIL_DKIM_DOMAIN: 'mail.example.test',
      MAIL_DKIM_SELECTOR: 'centraal2026',
      MAIL_DKIM_PRIVATE_KEY: keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      TRUST_PROXY: 'true',
    },
    { refuse: (address) => refused.has(address) },
  ))
  root = await signInFirstSuperadmin(server)
})
afterAll(() => closeServerWithMail(server, receiver))

let clientNumber = 0
const askReset = (email: string) =>
  createClient(server.url).post(
    '/api/auth/forgot-password',
    { email },
    { 'x-forwarded-for': `10.9.${++clientNumber}.1` },
  )

/** A central account in `org` whose holder set a password, so a reset mail reaches it. */
async function createAccount(email: string, org: string) {
  const { token } = await inviteWithSetupLink(server.deps, {
    email,
    role: 'USER',
    name: 'Bea',
    org,
  })
  const setup = await createClient(server.url).post(`/api/auth/setup/${token}`, {
    password: 'bea password 1',
  })
  expect(setup.status, setup.text).toBe(200)
}

describe('DKIM', () => {
  test('every mail carries a DKIM-Signature for the domain and selector that verifies', async () => {
    expect((await root.post('/api/admin/outbox/test')).status).toBe(202)
    const mail = await eventually(() => {
      const [first] = receiver.to('root@example.com')
      expect(first).toBeDefined()
      return first as NonNullable<typeof first>
    })
    expect(mail.raw).toMatch(/^DKIM-Signature: /m)
    const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString()
    expect(verifyDkim(mail.raw, publicPem)).toEqual({
      ok: true,
      domain: 'mail.example.test',
      selector: 'centraal2026',
    })
    // The check itself refuses a message changed after signing.
    const changed = mail.raw.replace('Testmail', 'Tastmail')
    expect(verifyDkim(changed, publicPem).ok).toBe(false)
  })
})

describe('a refused address', () => {
  test('is marked for its own administrators with the server’s words, and cleared by a delivery', async () => {
    const alfa = await signInNewOrganisation(server, 'Alfa')
    const other = await signInNewOrganisation(server, 'Beta')
    const admin = await alfa.invite('admin', 'ADMIN', 'Ada Admin')
    const address = alfa.email('bea')
    await createAccount(address, alfa.organisationId)
    refused.add(address)

    expect((await askReset(address)).status).toBe(202)
    const marked = await eventually(async () => {
      const bounces = await admin.api.get('/api/users/mail-bounces')
      expect(bounces.status).toBe(200)
      const values = Object.values(bounces.json as Bounces)
      expect(values).toHaveLength(1)
      return values[0] as Bounces[string]
    })
    expect(marked.reason).toMatch(/^550: .*Mailbox unavailable/)
    const users = await admin.api.get('/api/users')
    const bea = (users.json as Users).find((u) => u.email === address)
    const bouncing: Bounces = (await admin.api.get('/api/users/mail-bounces')).json
    expect(Object.keys(bouncing)).toEqual([bea?.id])

    // The platform's outbox page shows it beside the mail.
    const page = await root.get('/api/admin/outbox')
    const row = (page.json as Outbox).mails.find((mail) => mail.to === address)
    expect(row).toMatchObject({
      status: 'failed',
      bounce: { reason: marked.reason },
    } satisfies PartOf<Outbox['mails'][number]>)

    // Another organisation's administrators see nothing of it, nor does a USER.
    const theirs: Bounces = (await other.api.get('/api/users/mail-bounces')).json
    expect(theirs).toEqual({})
    const user = await alfa.invite('user', 'USER', 'Uma User')
    expect((await user.api.get('/api/users/mail-bounces')).status).toBe(403)
    expect((await createClient(server.url).get('/api/users/mail-bounces')).status).toBe(401)

    // The mailbox takes mail again: the next delivery clears the marker.
    refused.delete(address)
    expect((await askReset(address)).status).toBe(202)
    await eventually(async () => {
      expect(receiver.to(address)).toHaveLength(1)
      const cleared: Bounces = (await admin.api.get('/api/users/mail-bounces')).json
      expect(cleared).toEqual({})
    })
  })

  test('a refused sender marks no recipient', async () => {
    // The installation's own fault (MAIL FROM refused) says nothing about the address.
    const { isRefusedAddress } = await import('#server/mail/smtp-transport')
    expect(isRefusedAddress({ responseCode: 550, command: 'RCPT TO' })).toBe(true)
    expect(isRefusedAddress({ responseCode: 554, command: 'DATA' })).toBe(true)
    expect(isRefusedAddress({ responseCode: 553, command: 'MAIL FROM' })).toBe(false)
    expect(isRefusedAddress({ responseCode: 535, code: 'EAUTH', command: 'AUTH PLAIN' })).toBe(
      false,
    )
    expect(isRefusedAddress({ responseCode: 450, command: 'RCPT TO' })).toBe(false)
  })
})
