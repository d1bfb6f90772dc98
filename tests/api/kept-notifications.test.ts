import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  addSellers,
  ROOT,
  signIn,
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
  signInNewOrganisation,
} from '../support/accounts.ts'
import type { Sales } from '../support/answers.ts'
import { addProject } from '../support/api-gold-estates.ts'
import { recordInfoLines } from '../support/api-logs.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { TypedApi } from '../support/typed-client.ts'

type Outbox = InferResponseType<TypedApi['admin']['outbox']['$get'], 200>

// Without SMTP_URL (a laptop's `npm start`) Gold Estates' notifications are kept as the
// sign-in mail is: shown once, rendered as they would be sent, on the platform SUPERADMIN's
// Uitgaande e-mail, and never again after a restore of an older backup (decision 037).

let server: TestServer
let root: Client
let sanne: Client
let sanneId = ''
let saleId = ''
const logged: string[] = []
const APPROVED = 'Je verkoop is goedgekeurd: Klant Bewaard (K-1)'

beforeAll(async () => {
  server = await startTestServer()
  recordInfoLines(server, logged)
  root = await signInFirstSuperadminWithGoldEstates(server)
  const team = await addSellers(server, root, { sanne: 'Sanne' })
  sanneId = team.ids.sanne
  sanne = await team.signIn('sanne', 'SELLER')
})
afterAll(() => server?.close())

const readOutbox = async () => {
  const page = await root.get('/api/admin/outbox')
  expect(page.status).toBe(200)
  return (page.json as Outbox).mails
}
const approvals = async () =>
  (await readOutbox()).filter(
    (mail) => mail.to === 'sanne@example.com' && mail.subject === APPROVED,
  )

/** The sale's version now, as an approver who opens it sees it. */
async function seqOf(id: string): Promise<number> {
  const sales = (await root.get('/api/gold-estates/sales')).json as Sales
  return Number(sales.find((sale) => sale.id === id)?.seq ?? 0)
}

describe("a SELLER's notification without a mail server", () => {
  test('is kept and shown once on Uitgaande e-mail, with its HTML and text, as it would be sent', async () => {
    const projectId = await addProject(root, 'Bewaarhof')
    const held = await postSale(
      server,
      sanne,
      buildSalePayload({
        projectId,
        clientName: 'Klant Bewaard',
        propertyNumber: 'K-1',
        salePrice: 40_000_000,
        saleDate: '2025-01-01',
        lines: [{ sellerId: sanneId, percentage: 60 }],
      }),
    )
    saleId = held.id
    expect(held.reviewStatus).toBe('pending')
    // The "held" mail is kept before the approval is asked: notifications still due
    // together would go out as one digest ("2 meldingen uit Gold Estates").
    await eventually(async () => {
      const kept = (await readOutbox()).filter((mail) => mail.to === 'sanne@example.com')
      expect(kept).toHaveLength(1)
    })
    const approved = await root.post(`/api/gold-estates/sales/${saleId}/approve`, {
      seq: await seqOf(saleId),
    })
    expect(approved.status, approved.text).toBe(200)

    const [mail] = await eventually(async () => {
      const found = await approvals()
      expect(found).toHaveLength(1)
      return found
    })
    expect(mail).toMatchObject({ kind: 'notification', status: 'kept' })
    expect(mail?.html).toContain('Je verkoop is goedgekeurd')
    expect(mail?.html).toContain('Gold Estates')
    expect(mail?.text).toContain('De commissie telt nu mee en kan worden uitbetaald.')
    expect(mail?.text).toContain(`/gold-estates/sales/${saleId}`)
    // The "held" mail came first, also once; newest first on the page.
    const toSanne = (await readOutbox()).filter((m) => m.to === 'sanne@example.com')
    expect(toSanne.map((m) => m.subject)).toEqual([
      APPROVED,
      'Je verkoop staat ter beoordeling: Klant Bewaard (K-1)',
    ])
    // One log line per kept mail, without address, client or link.
    const line = logged.find((entry) => entry.includes('"kind":"notification"'))
    expect(line).toMatch(/^mail kept for the outbox page /)
    expect(line).not.toMatch(/sanne|Bewaard|http/i)

    await quietPeriod(1500, 'later delivery rounds (every 500 ms) keep nothing more')
    expect(await approvals()).toHaveLength(1)
  })

  test('a restore of a backup in which it still waits does not keep or show it again', async () => {
    const download = await root.post('/api/admin/backup', { format: 'json' })
    expect(download.status).toBe(200)
    const backup = JSON.parse(download.text)
    const table = backup.tables.notification_outbox as { columns: string[]; rows: unknown[][] }
    const status = table.columns.indexOf('status')
    expect(table.rows.map((row) => row[status])).toEqual(['kept', 'kept'])
    // An older backup: made before the job took the rows.
    for (const row of table.rows) row[status] = 'pending'
    const restored = await root.post('/api/admin/restore', JSON.stringify(backup))
    expect(restored.status, restored.text).toBe(200)
    // Signed out by the restore: in again, and the rows are kept once more, without a mail.
    root = await signIn(server, ROOT)
    await eventually(async () => {
      const after = await root.post('/api/admin/backup', { format: 'json' })
      const rows = JSON.parse(after.text).tables.notification_outbox.rows as unknown[][]
      expect(rows.map((row) => row[status])).toEqual(['kept', 'kept'])
    })
    await quietPeriod(1500, 'later delivery rounds (every 500 ms) show nothing again')
    expect(await approvals()).toHaveLength(1)
  })
})

describe('Uitgaande e-mail is the platform SUPERADMIN’s alone', () => {
  test('an organisation ADMIN, another organisation’s ADMIN and a SELLER are refused', async () => {
    const admin = await signInInvitedUser(server, { email: 'admin@kept.test', role: 'ADMIN' })
    const other = await signInNewOrganisation(server, 'Andere Makelaars')
    const otherAdmin = await other.invite('admin', 'ADMIN', 'Andere Admin')
    for (const client of [admin, otherAdmin.api, other.api]) {
      expect((await client.get('/api/admin/outbox')).status).toBe(403)
    }
    // A SELLER's Gold Estates session holds no central session at all.
    const answer = await sanne.get('/api/admin/outbox')
    expect(answer.status).toBe(401)
    expect(JSON.stringify(answer.json)).not.toContain('Klant Bewaard')
  })
})
