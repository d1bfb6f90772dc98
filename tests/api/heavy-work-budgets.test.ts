import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  signInFirstSuperadmin,
  signInFirstSuperadminWithGoldEstates,
  signInOtherOrganisationOwner,
} from '../support/accounts.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import type { Client } from '../support/http.ts'
import { buildSalesWorkbook } from '../support/sales-sheet.ts'
import { seedSales } from '../support/seed-organisation.ts'
import { uploadCsv, uploadSheet } from '../support/sheet-upload.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, PartOf, TypedApi } from '../support/typed-client.ts'
import { buildElementBomb } from '../support/xlsx-bombs.ts'

// Issue 47: a workbook of tens of KB that is nothing but elements held the one heavy-work
// thread for seconds to a minute, and another organisation's import waited behind it. Now
// every element counts while the file unpacks, a job has a time budget and a heap bound,
// and an organisation that sends bombs back to back takes one turn at a time.

type Imported = InferResponseType<TypedApi['gold-estates']['sheets']['import']['$post'], 200>
let server: TestServer
let root: Client
let attacker: Client

const TOO_MANY_ELEMENTS =
  'Het .xlsx-bestand bevat te veel onderdelen om te lezen (maximaal 1.000.000 XML-elementen; een blad met 10.000 verkopen heeft er ongeveer 200.000). Verdeel de verkopen over kleinere bestanden of sla het blad op als .csv.'
const TOO_MANY_ROWS = 'Het bestand heeft te veel rijen (maximaal 50.000)'
const IMPORT_ADVICE =
  'Verdeel de verkopen over kleinere bestanden en importeer ze na elkaar; verkopen die al geïmporteerd zijn, slaat een nieuwe import over.'
const HEADER = 'Klantnaam;Project;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer\n'
const TWO_ROWS = `${HEADER}Klant 1;Plein;01-02-2025;300000;2;Vera Wacht;X-1\nKlant 2;Plein;02-02-2025;310000;2;Vera Wacht;X-2\n`

const BOMBS = {
  'empty-rows': buildElementBomb('empty-rows'),
  'empty-shared-texts': buildElementBomb('empty-shared-texts'),
  nested: buildElementBomb('nested'),
}

function countSales(target: TestServer, organisationId: string) {
  const db = openOrganisationFile(target.dataDir, organisationId)
  const total = db.prepare('select count(*) from sales where deleted = 0').pluck().get()
  db.close()
  return total as number
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadminWithGoldEstates(server)
  attacker = await signInOtherOrganisationOwner(server)
}, 60_000)
afterAll(() => server?.close())

describe('an .xlsx of nothing but elements is refused while it unpacks', () => {
  test.each([
    ['15 MiB of empty <row a="1" b="2" c="3"/>', 'empty-rows', TOO_MANY_ROWS],
    ['15 MiB of empty <si/>', 'empty-shared-texts', TOO_MANY_ELEMENTS],
    ['elements nested millions deep', 'nested', TOO_MANY_ELEMENTS],
  ] as const)(
    'a workbook of tens of KB holding %s is refused with 413 and what to do; nothing is imported',
    async (_name, shape, message) => {
      const bomb = BOMBS[shape]
      expect(bomb.length).toBeLessThan(64 * 1024)
      const answer = await uploadSheet(server, attacker, bomb)
      expect(answer.status).toBe(413)
      expect(((await answer.json()) as ErrorAnswer).message).toBe(message)
      expect(countSales(server, 'org-b')).toBe(0)
    },
    30_000,
  )
})

describe('one organisation sending bombs back to back holds no one else up', () => {
  test("another organisation's two-row import is answered after at most the bombs already in, and the sender's second one at a time hears 429", async () => {
    const events: string[] = []
    let isImported = false
    let bombsAfterImport = 0
    const shapes = Object.values(BOMBS)
    const sendBombs = async () => {
      for (let round = 0; !isImported || bombsAfterImport < 2; round++) {
        const answer = await uploadSheet(server, attacker, shapes[round % shapes.length] as never)
        events.push(`bomb ${answer.status}`)
        if (isImported) bombsAfterImport++
      }
    }
    const bombing = sendBombs()
    await expect.poll(() => server.deps.heavyWork.placeOf('org-b'), { interval: 5 }).toBe(1)
    // A second bomb beside the first is refused: one job per organisation, running or waiting.
    const beside = await uploadSheet(server, attacker, BOMBS.nested)
    expect(beside.status).toBe(429)
    expect(((await beside.json()) as ErrorAnswer).message).toBe(
      'Er loopt of wacht al een restore, import, backup of afrekeningen-download van deze organisatie. Probeer het opnieuw als die klaar is.',
    )
    const bombsBefore = events.length
    const places = new Set<number | null>()
    const watch = setInterval(() => places.add(server.deps.heavyWork.placeOf('default-org')), 2)
    const imported = await uploadCsv(root, TWO_ROWS)
    isImported = true
    clearInterval(watch)
    events.push(`import ${imported.status}`)
    const bombsBetween = events.length - 1 - bombsBefore
    await bombing
    expect(imported.status).toBe(200)
    expect(imported.json as Imported).toMatchObject({
      salesImported: 2,
      errors: [],
    } satisfies PartOf<Imported>)
    expect(countSales(server, 'default-org')).toBe(2)
    // Its turn came after the bomb that ran when it arrived, and at most the one sent just
    // before it joined: never behind the bombs sent after it.
    expect(bombsBetween).toBeLessThanOrEqual(2)
    expect([...places].every((place) => place === null || place <= 2)).toBe(true)
    // The sender was served too, each bomb refused, before and after the import.
    expect(events.indexOf('import 200')).toBeLessThan(events.length - 2)
    expect(events.filter((event) => event.startsWith('bomb')).every((e) => e === 'bomb 413')).toBe(
      true,
    )
    expect(countSales(server, 'org-b')).toBe(0)
  }, 60_000)
})

describe('a heavy job has a time budget and a heap bound', () => {
  test('an import over its budget is ended with 413 and what to do, and the next import runs on a new thread', async () => {
    server.deps.env.HEAVY_WORK_IMPORT_SECONDS = 0.3
    try {
      // Starting the thread and reading 10,000 rows take seconds, far over 0.3.
      const answer = await uploadSheet(server, attacker, buildSalesWorkbook(10_000))
      expect(answer.status).toBe(413)
      expect(((await answer.json()) as ErrorAnswer).message).toBe(
        `Het bestand kon niet binnen 0,3 seconden verwerkt worden en is afgebroken. ${IMPORT_ADVICE}`,
      )
    } finally {
      server.deps.env.HEAVY_WORK_IMPORT_SECONDS = 60
    }
    expect(server.deps.heavyWork.isBusy()).toBe(false)
    const next = await uploadCsv(attacker, TWO_ROWS)
    expect(next.status).toBe(200)
    expect(next.json as Imported).toMatchObject({ salesImported: 2 } satisfies PartOf<Imported>)
  }, 60_000)

  test('an import that needs more heap than the worker has is ended with 413; a small one before and after goes through', async () => {
    const small = await startTestServer({ HEAVY_WORKER_HEAP_MB: '16' })
    try {
      const owner = await signInFirstSuperadmin(small)
      expect((await owner.post('/api/admin/launch-gold-estates')).status).toBe(200)
      // The thread starts and works within 16 MB...
      expect((await uploadCsv(owner, TWO_ROWS)).json as Imported).toMatchObject({
        salesImported: 2,
      } satisfies PartOf<Imported>)
      // ...but 15,000 rows do not fit.
      const answer = await uploadSheet(small, owner, buildSalesWorkbook(15_000))
      expect(answer.status).toBe(413)
      expect(((await answer.json()) as ErrorAnswer).message).toBe(
        `Het bestand vraagt meer geheugen dan de server er één taak voor geeft en is afgebroken. ${IMPORT_ADVICE}`,
      )
      expect(small.deps.heavyWork.isBusy()).toBe(false)
      const after = await uploadCsv(owner, TWO_ROWS.replaceAll('X-', 'Y-'))
      expect(after.json as Imported).toMatchObject({ salesImported: 2 } satisfies PartOf<Imported>)
      expect(countSales(small, 'default-org')).toBe(4)
    } finally {
      await small.close()
    }
  }, 60_000)

  test('a restore over its budget is ended with 413 and changes nothing: its transaction is rolled back and the file takes writes again', async () => {
    const target = await startTestServer()
    try {
      seedSales(target.deps.organisations.get('default-org'), 'default-org', 10_000)
      const admin = await signInFirstSuperadmin(target)
      const backup = await admin.post('/api/admin/backup', { format: 'json' })
      expect(backup.status).toBe(200)
      // A write after the backup: a restore that went through would remove it.
      const later = { name: 'Na de backup', email: 'later@example.com', role: 'USER' }
      expect((await admin.post('/api/users', { ...later, status: 'active' })).status).toBe(201)
      // Restoring 10,000 sales takes 0.4–0.5 s on a fast machine (seconds on a slow one),
      // several times a tenth of a second.
      target.deps.env.HEAVY_WORK_SECONDS = 0.1
      let answer: Awaited<ReturnType<typeof admin.post>>
      try {
        answer = await admin.post('/api/admin/restore', backup.text)
      } finally {
        target.deps.env.HEAVY_WORK_SECONDS = 600
      }
      expectRefusal(
        answer,
        413,
        'De backup kon niet binnen 0,1 seconden verwerkt worden en is afgebroken. Mogelijk is de backup niet (helemaal) teruggezet: zet hem opnieuw terug, of neem contact op met de beheerder van de server als dit blijft gebeuren.',
      )
      // Still signed in (a restore ends every session), the later user still there, and
      // the organisation's file takes writes again: the ended thread held no lock.
      const users = await admin.get('/api/users')
      expect(users.status).toBe(200)
      const listed: InferResponseType<TypedApi['users']['$get'], 200> = users.json
      expect(listed.map((user) => user.email)).toContain(later.email)
      const another = { name: 'Nog een', email: 'another@example.com', role: 'USER' }
      expect((await admin.post('/api/users', { ...another, status: 'active' })).status).toBe(201)
      expect(countSales(target, 'default-org')).toBe(10_000)
      // And a restore within its budget goes through on a new thread.
      const restored = await admin.post('/api/admin/restore', backup.text)
      expect(restored.status).toBe(200)
    } finally {
      await target.close()
    }
  }, 120_000)
})
