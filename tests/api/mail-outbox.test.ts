import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  signInFirstSuperadmin,
  signInInvitedUser,
  signInNewOrganisation,
  signInNewSeller,
} from '../support/accounts.ts'
import { recordInfoLines } from '../support/api-logs.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { eventually } from '../support/eventually.ts'
import { type Client, createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Outbox = InferResponseType<TypedApi['admin']['outbox']['$get'], 200>
type OutboxTest = InferResponseType<TypedApi['admin']['outbox']['test']['$post'], 202>
type OutboxMail = Outbox['mails'][number]

// Without SMTP_URL (a laptop's `npm start`) mails are kept, not sent: the platform's
// SUPERADMIN reads them on Uitgaande e-mail, and nobody else can.

let server: TestServer
let root: Client
const logged: string[] = []

beforeAll(async () => {
  server = await startTestServer()
  // The log lines the server writes about mail, to check what they carry.
  recordInfoLines(server, logged)
  root = await signInFirstSuperadmin(server)
})
afterAll(() => server?.close())

describe('Uitgaande e-mail without a mail server', () => {
  test('a reset mail is kept, shown with its HTML and text, newest first, and its link works', async () => {
    await signInInvitedUser(server, { email: 'laptop@outbox.test', role: 'USER' })
    const asked = await createClient(server.url).post('/api/auth/forgot-password', {
      email: 'laptop@outbox.test',
    })
    expect(asked.status).toBe(202)
    const mail = await eventually(async () => {
      const page = await root.get('/api/admin/outbox')
      expect(page.status).toBe(200)
      expect((page.json as Outbox).server).toBeNull()
      const found = (page.json as Outbox).mails.find((m) => m.to === 'laptop@outbox.test')
      expect(found).toBeDefined()
      return found as OutboxMail
    })
    expect(mail).toMatchObject({ kind: 'password-reset', status: 'kept' })
    expect(mail.html).toContain('Nieuw wachtwoord kiezen')
    const token = mail.text?.match(/\/reset-password\/([a-z2-7]+)/)?.[1] as string
    expect(token).toBeTruthy()
    // The one log line names the outbox row, never the address, link or token.
    const line = logged.find((entry) => entry.startsWith('mail kept for the outbox page'))
    expect(line).toBeDefined()
    expect(line).not.toContain(token)
    expect(line).not.toContain('laptop@outbox.test')

    const reset = await createClient(server.url).post(`/api/auth/reset-password/${token}`, {
      password: 'laptop password 2',
    })
    expect(reset.status, reset.text).toBe(200)

    const test = await root.post('/api/admin/outbox/test')
    expect(test.status).toBe(202)
    expect((test.json as OutboxTest).message).toBe('Testmail klaargezet voor root@example.com')
    const page = await root.get('/api/admin/outbox')
    const [newest, next] = (page.json as Outbox).mails
    expect(newest).toMatchObject({ kind: 'test', to: 'root@example.com', status: 'kept' })
    expect(newest?.text).toContain('Testmail')
    expect(next?.to).toBe('laptop@outbox.test')

    // A few per quarter hour: the sixth in a row is refused, and nothing more is queued.
    for (let sent = 1; sent < 5; sent++) {
      expect((await root.post('/api/admin/outbox/test')).status).toBe(202)
    }
    const flood = await root.post('/api/admin/outbox/test')
    expectRefusal(flood, 429, 'Te veel pogingen. Probeer het later opnieuw.')
    const after = ((await root.get('/api/admin/outbox')).json as Outbox).mails
    expect(after.filter((mail) => mail.kind === 'test')).toHaveLength(5)
  })

  test('an organisation ADMIN, another organisation’s SUPERADMIN, a SELLER and an outsider cannot read or send', async () => {
    const admin = await signInInvitedUser(server, { email: 'admin@outbox.test', role: 'ADMIN' })
    const other = await signInNewOrganisation(server, 'Andere Organisatie')
    const owner = await signInInvitedUser(server, {
      email: 'owner@outbox.test',
      role: 'SUPERADMIN',
      org: other.organisationId,
    })
    expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
    for (const client of [admin, other.api, owner]) {
      expect((await client.get('/api/admin/outbox')).status).toBe(403)
      expect((await client.post('/api/admin/outbox/test')).status).toBe(403)
    }
    // The Gold Estates session LAUNCH APP opened carries no central right.
    const seller = { name: 'Verkoper', email: 'seller@outbox.test', role: 'SELLER' } as const
    const { client: salesOnly } = await signInNewSeller(server, owner, seller)
    expect((await salesOnly.get('/api/admin/outbox')).status).toBe(401)
    expect((await createClient(server.url).get('/api/admin/outbox')).status).toBe(401)
  })
})
