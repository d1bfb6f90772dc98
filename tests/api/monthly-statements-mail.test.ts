import { extractText } from 'unpdf'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { LOCAL_JOB_GATE } from '#server/jobs/job-gate'
import {
  MONTHLY_STATEMENTS_SCHEDULE,
  startMonthlyStatements,
} from '#server/jobs/monthly-statements'
import {
  addSellers,
  signInFirstSuperadminWithGoldEstates,
  signInInvitedUser,
} from '../support/accounts.ts'
import type { Project } from '../support/answers.ts'
import { closeServerWithMail } from '../support/api-mail.ts'
import { eventually } from '../support/eventually.ts'
import type { Client } from '../support/http.ts'
import { allMailSent, type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import { buildSalePayload } from '../support/sales.ts'
import type { TestServer } from '../support/test-server.ts'
import { typedClient } from '../support/typed-client.ts'

// The monthly statement mail (issue 46, point 6), over a real SMTP server on loopback: on
// the first of the month each seller with commission activity the month before gets
// their own statement PDF, once, however often the occurrence runs; a seller whose
// E-mailmeldingen are off gets none.

let receiver: SmtpReceiver
let server: TestServer
let admin: Client
const ids = { sanne: '', cor: '', iris: '' }
// 06:00 on 1 December 2026 in the server's time zone: November's statements.
const FIRST_OF_DECEMBER = new Date(2026, 11, 1, 6, 0, 0, 0).getTime()

beforeAll(async () => {
  ;({ receiver, server } = await startServerWithMail({
    MAIL_RETRY_BASE_MS: '200',
  }))
  admin = await signInFirstSuperadminWithGoldEstates(server)
  const project = await admin.post('/api/gold-estates/projects', { name: 'Havenkwartier' })
  const team = await addSellers(
    server,
    admin,
    {
      sanne: 'Sanne Setter',
      cor: 'Cor Closer',
      iris: 'Iris Ingrid',
    },
    receiver,
  )
  Object.assign(ids, team.ids)
  await team.signIn('sanne', 'SELLER')
  // Cor also has a central account with that address, and turned E-mailmeldingen off.
  const cor = await signInInvitedUser(server, { email: 'cor@example.com', role: 'USER' })
  const off = await cor.request('PATCH', '/api/profile/notifications', {
    emailNotifications: false,
  })
  expect(off.status).toBe(200)

  const sale = await admin.post(
    '/api/gold-estates/sales',
    buildSalePayload({
      projectId: (project.json as Project).id,
      clientName: 'Familie Jansen',
      propertyNumber: 'A-1',
      salePrice: 40_000_000,
      commissionPercentage: 2,
      saleDate: '2026-10-01',
      lines: [
        { sellerId: ids.sanne, percentage: 50 },
        { sellerId: ids.cor, percentage: 25 },
        { sellerId: ids.iris, percentage: 25 },
      ],
    }),
  )
  expect(sale.status, sale.text).toBe(201)
  const lines = await (
    await typedClient(server.url, admin.cookies)['gold-estates'].commissions.$get()
  ).json()
  const lineOf = (sellerId: string) => lines.find((line) => line.sellerId === sellerId)?.id
  const pay = async (sellerId: string, amount: number, paidOn: string) => {
    const part = await admin.post(`/api/gold-estates/commissions/${lineOf(sellerId)}/payments`, {
      amount,
      paidOn,
      note: null,
    })
    expect(part.status, part.text).toBe(201)
  }
  await pay(ids.sanne, 150_000, '2026-11-05')
  await pay(ids.sanne, 250_000, '2026-11-20')
  await pay(ids.cor, 200_000, '2026-11-10')
  // Iris was paid in October: nothing in November.
  await pay(ids.iris, 200_000, '2026-10-28')
})
afterAll(() => closeServerWithMail(server, receiver))

describe('the monthly statement mail', () => {
  test('runs at 06:00 on the first of the month', () => {
    expect(MONTHLY_STATEMENTS_SCHEDULE).toBe('0 6 1 * *')
    const next = server.monthlyStatements.nextRunAt() as Date
    expect(next.getDate()).toBe(1)
    expect(next.getHours()).toBe(6)
  })

  test('each seller with activity gets their own statement once, however often it runs', async () => {
    // Two processes firing together, and a restart running it again.
    const other = startMonthlyStatements({ ...server.deps, jobs: LOCAL_JOB_GATE })
    try {
      await Promise.all([
        server.monthlyStatements.runOccurrence(FIRST_OF_DECEMBER),
        other.runOccurrence(FIRST_OF_DECEMBER),
      ])
      await other.runOccurrence(FIRST_OF_DECEMBER)
    } finally {
      other.stop()
    }
    // Her payment's notification came before; the statements are counted apart.
    const statementsTo = (address: string) =>
      receiver.to(address).filter((mail) => mail.parsed.subject?.startsWith('Je afrekening'))
    const mail = await eventually(() => {
      const mails = statementsTo('sanne@example.com')
      expect(mails).toHaveLength(1)
      return mails[0] as NonNullable<(typeof mails)[number]>
    })
    expect(mail.parsed.subject).toBe('Je afrekening over november 2026')
    expect(mail.parsed.text).toContain('Hallo Sanne Setter')
    expect(mail.parsed.text?.replace(/\s+/g, ' ')).toContain('Uitbetaald (netto): € 4.000,00')
    const [pdf] = mail.parsed.attachments
    expect(pdf?.contentType).toBe('application/pdf')
    expect(pdf?.filename).toBe('afrekening-sanne-setter-2026-11-01-2026-11-30.pdf')
    const { text } = await extractText(new Uint8Array(pdf?.content ?? []), { mergePages: true })
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain('Sanne Setter')
    expect(flat).toContain('Familie Jansen')
    // Only her own lines: nothing of her colleagues on the same sale.
    expect(flat).not.toContain('Cor Closer')
    expect(flat).not.toContain('Iris')

    // The occurrences have queued what they queue: once it is all sent, nothing else arrives.
    await allMailSent(server)
    expect(statementsTo('sanne@example.com')).toHaveLength(1)
    expect(statementsTo('cor@example.com')).toHaveLength(0)
    expect(statementsTo('iris@example.com')).toHaveLength(0)
    const statements = receiver.received.filter((received) =>
      received.parsed.subject?.startsWith('Je afrekening'),
    )
    expect(statements.map((received) => received.rcptTo)).toEqual([['sanne@example.com']])
  })

  test('a month the server missed is caught up once it is up, and a later restart sends and renders nothing again', async () => {
    const statementsTo = (address: string) =>
      receiver.to(address).filter((mail) => mail.parsed.subject?.startsWith('Je afrekening'))
    const rendered = vi.spyOn(server.deps.heavyWorkPool, 'renderStatementPdf')
    try {
      // Down at 06:00 on 1 November, up on the 15th: October's statements go out then.
      await server.monthlyStatements.catchUp(new Date(2026, 10, 15, 9, 30))
      const mail = await eventually(() => {
        const mails = statementsTo('iris@example.com')
        expect(mails).toHaveLength(1)
        return mails[0] as NonNullable<(typeof mails)[number]>
      })
      expect(mail.parsed.subject).toBe('Je afrekening over oktober 2026')
      const renderedAtCatchUp = rendered.mock.calls.length
      expect(renderedAtCatchUp).toBeGreaterThan(0)
      // Restarts later that month, and in December (November's were sent on the first).
      await server.monthlyStatements.catchUp(new Date(2026, 10, 28, 12, 0))
      await server.monthlyStatements.catchUp(new Date(2026, 11, 20, 8, 0))
      expect(rendered.mock.calls.length).toBe(renderedAtCatchUp)
    } finally {
      rendered.mockRestore()
    }
    // The catch-ups have queued what they queue: once it is all sent, nothing else arrives.
    await allMailSent(server)
    expect(statementsTo('iris@example.com')).toHaveLength(1)
    expect(statementsTo('sanne@example.com')).toHaveLength(1)
  })
})
