import { monitorEventLoopDelay } from 'node:perf_hooks'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { findFreePort } from '../support/free-port.ts'
import type { Client } from '../support/http.ts'
import { buildSalePayload } from '../support/sales.ts'
import { startSmtpReceiver } from '../support/smtp-receiver.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { watchThread } from './long-turns.ts'

// Notification mail against its targets (issue 46): a mail handed to a local SMTP receiver
// within 2 s (p99) of the commit that caused it; and an import of 1,000 sales, whose 1,000
// notifications leave as one digest within a minute, while three other organisations keep
// registering sales at 20 writes a second, their write p99 within the sync target (≤ 100 ms
// at 20 writes/s, decision 018). Server, writers and receiver share this process, which
// makes every figure an upper bound. Printed beside the targets, never asserted.

const SINGLE_SALES = 200
const IMPORTED = 1_000
const WRITERS = 3
const WRITES_PER_SECOND = 20

type Organisation = { api: Client; projectId: string; sellerId: string; recipient: string }

let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>
let server: TestServer
const lines: string[] = []
let done = false

const percentile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0
}
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function prepareOrganisation(name: string): Promise<Organisation> {
  const { api, organisationId } = await signInNewOrganisation(server, name)
  await api.post('/api/admin/launch-gold-estates')
  const recipient = `kantoor@${organisationId}.example`
  await api.request('PATCH', '/api/gold-estates/settings', {
    defaultRecipientEmail: recipient,
    notificationsEnabled: true,
  })
  const projectId = (await api.post('/api/gold-estates/projects', { name: 'Havenkwartier' })).json
    .id
  const sellerId = (await api.post('/api/gold-estates/sellers', { name: 'Sanne' })).json.id
  return { api, projectId, sellerId, recipient }
}

async function registerSale(organisation: Organisation, clientName: string) {
  const payload = buildSalePayload({
    projectId: organisation.projectId,
    clientName,
    salePrice: 30_000_000,
    lines: [{ sellerId: organisation.sellerId, percentage: 100 }],
  })
  const started = performance.now()
  const answer = await organisation.api.post('/api/gold-estates/sales', payload)
  if (answer.status !== 201) throw new Error(`sale: ${answer.status} ${answer.text}`)
  return { started, committed: performance.now() }
}

/** The moment the first mail to `recipient` naming `name` arrived. */
function arrivalOf(recipient: string, name: string) {
  const mail = receiver.to(recipient).find((one) => one.parsed.text?.includes(name))
  return mail?.at
}

async function measureCommitToSmtp(organisation: Organisation) {
  const committed = new Map<string, number>()
  for (let index = 0; index < SINGLE_SALES; index++) {
    const name = `Enkel ${index} klant`
    committed.set(name, (await registerSale(organisation, name)).committed)
    await sleep(25 + (index % 7) * 40)
  }
  const deadline = performance.now() + 30_000
  while (performance.now() < deadline) {
    if ([...committed.keys()].every((name) => arrivalOf(organisation.recipient, name))) break
    await sleep(100)
  }
  const delays = [...committed].map(
    ([name, at]) => (arrivalOf(organisation.recipient, name) ?? Infinity) - at,
  )
  lines.push(
    `commit → SMTP, ${SINGLE_SALES} sales one by one: p50 ${percentile(delays, 0.5).toFixed(0)} ms, ` +
      `p99 ${percentile(delays, 0.99).toFixed(0)} ms in ${receiver.to(organisation.recipient).length} mails (target p99 ≤ 2,000 ms)`,
  )
}

function importCsv() {
  const rows = Array.from(
    { length: IMPORTED },
    (_, index) => `Import ${index};Havenkwartier;01-02-2025;€ 250.000;3;Sanne;I-${index}`,
  )
  return [
    'Klantnaam;Projectnaam;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer',
    ...rows,
  ].join('\n')
}

/** The server thread's longest turn while `work` runs (its event loop's longest delay). */
async function longestTurnDuring(work: () => Promise<unknown>) {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  await work()
  delay.disable()
  return delay.max / 1e6
}

/**
 * The same import with nobody writing beside it: the longest turn the server thread
 * takes for the import (its upload and answer; the rows are written in the worker) and
 * for its digest (read, rendered, sent, recorded): the slices an import itself adds to
 * everyone's waiting, apart from what the machine's load adds.
 */
async function measureImportAlone(importer: Organisation) {
  const whileImporting = await longestTurnDuring(async () => {
    const imported = await importer.api.request(
      'POST',
      '/api/gold-estates/sheets/import?fileName=bench.csv',
      importCsv(),
      { 'content-type': 'text/csv' },
    )
    if (imported.json?.salesImported !== IMPORTED) throw new Error(`import: ${imported.text}`)
  })
  const whileSending = await longestTurnDuring(async () => {
    const deadline = performance.now() + 60_000
    while (performance.now() < deadline) {
      const arrived = receiver
        .to(importer.recipient)
        .some((mail) => mail.parsed.subject === `${IMPORTED} nieuwe verkopen`)
      if (arrived) break
      await sleep(20)
    }
    // Until the sent rows are recorded and marked, after the receiver has the mail.
    await sleep(1000)
  })
  lines.push(
    `alone: the server thread's longest turn while importing ${IMPORTED} sales ${whileImporting.toFixed(0)} ms, ` +
      `while their digest went out ${whileSending.toFixed(0)} ms (the sync target: a write's p99 ≤ 100 ms)`,
  )
}

async function measureImportBeside(importer: Organisation, writers: Organisation[], label: string) {
  const csv = importCsv()
  const writes: number[] = []
  let writing = true
  const writeLoop = async (organisation: Organisation, offset: number) => {
    const interval = (1000 * WRITERS) / WRITES_PER_SECOND
    let index = 0
    while (writing) {
      const next = performance.now() + interval
      const { started, committed } = await registerSale(
        organisation,
        `Ernaast ${offset}-${index++}`,
      )
      writes.push(committed - started)
      await sleep(Math.max(0, next - performance.now()))
    }
  }
  const loops = writers.map((organisation, index) => writeLoop(organisation, index))
  await sleep(2000)
  const watch = await watchThread()
  const started = performance.now()
  const imported = await importer.api.request(
    'POST',
    '/api/gold-estates/sheets/import?fileName=bench.csv',
    csv,
    { 'content-type': 'text/csv' },
  )
  if (imported.json?.salesImported !== IMPORTED) throw new Error(`import: ${imported.text}`)
  const importedAt = performance.now()
  let digestAt: number | undefined
  const expectsDigest = label !== 'without notifications'
  while (expectsDigest && performance.now() - importedAt < 60_000 && digestAt === undefined) {
    digestAt = receiver
      .to(importer.recipient)
      .find((mail) => mail.parsed.subject === `${IMPORTED} nieuwe verkopen`)?.at
    await sleep(50)
  }
  await sleep(3000)
  writing = false
  await Promise.all(loops)
  const thread = await watch.stop()
  const mails = receiver.to(importer.recipient).length
  lines.push(
    `${label}: import of ${IMPORTED} sales: ${((importedAt - started) / 1000).toFixed(1)} s; its ${IMPORTED} notifications as ${mails} mail(s), ` +
      `the digest ${digestAt === undefined ? 'not within 60 s' : `${((digestAt - importedAt) / 1000).toFixed(1)} s after the import's answer`} (target: one digest, within 60 s)`,
    `${label}: other organisations beside it, ${WRITES_PER_SECOND} writes/s: ${writes.length} writes, p50 ${percentile(writes, 0.5).toFixed(0)} ms, ` +
      `p99 ${percentile(writes, 0.99).toFixed(0)} ms (target p99 ≤ 100 ms)`,
    `${label}: the server's event loop meanwhile: delay p99 ${thread.delayP99Ms.toFixed(0)} ms, ` +
      `max ${thread.delayMaxMs.toFixed(0)} ms; busy stretches of 40 ms or more: ${thread.turns.length}`,
    ...thread.turns.slice(0, 5).map((turn) => `    ${turn.ms.toFixed(0)} ms: ${turn.where}`),
  )
}

beforeAll(async () => {
  receiver = await startSmtpReceiver()
  const port = await findFreePort()
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: receiver.url,
    MAIL_FROM: 'Centraal <centraal@example.test>',
  })
}, 60_000)

afterAll(async () => {
  console.log(['', ...lines, ''].join('\n'))
  await server?.close()
  await receiver?.stop()
})

describe('notification mail', () => {
  bench(
    'commit to SMTP; an import of 1,000 beside other organisations',
    async () => {
      if (done) return
      done = true
      await measureImportAlone(await prepareOrganisation('Alleen'))
      const single = await prepareOrganisation('Enkel')
      await measureCommitToSmtp(single)
      const writers: Organisation[] = []
      for (let index = 0; index < WRITERS; index++) {
        writers.push(await prepareOrganisation(`Ernaast ${index}`))
      }
      // The same import without notifications first: what the import alone costs the others.
      const silent = await prepareOrganisation('Zonder meldingen')
      await silent.api.request('PATCH', '/api/gold-estates/settings', {
        notificationsEnabled: false,
      })
      await measureImportBeside(silent, writers, 'without notifications')
      const importer = await prepareOrganisation('Importeur')
      await measureImportBeside(importer, writers, 'with notifications')
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
