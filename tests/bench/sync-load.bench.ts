import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createLoadOrganisationsIn, type LoadAccounts } from '../support/load-organisations.ts'
import { startServerProcess } from '../support/server-process.ts'
import { type LoadGenerator, startLoadGenerator } from './load/generator-client.ts'
import { formatLoadReport, formatRow, type LoadReport, ROW_HEADER } from './load/load-report.ts'
import type { LoadFigures } from './load/messages.ts'
import { withServerCpu as withCpu } from './load/processor-use.ts'

// Replication at scale: 5 organisations of 20 devices, each with its
// own sessions, an open sales stream and a copy of `sales`, while sales are registered by
// REST at 5 to 80 writes a second; then 500 idle streams, and a restore of 50,000 sales
// beside the 20 writes a second. The server, the load generator (tests/bench/load, plain
// HTTP and SSE, none of the product's code) and this process are three processes. Figures
// are printed beside their targets, never asserted.

const ORGANISATIONS = 5
const DEVICES_EACH = 20
const IDLE_EACH = 100
const ARCHIVE_SALES = 50_000
const RATES = [5, 10, 20, 40, 80]
const WARMUP_SECONDS = 3
const RUN_SECONDS = 15

let dataDir: string
let server: Awaited<ReturnType<typeof startServerProcess>>
let generator: LoadGenerator | undefined
let accounts: LoadAccounts
const report: LoadReport = {
  scenario: `${ORGANISATIONS} organisations × ${DEVICES_EACH} devices`,
  archive: `${ARCHIVE_SALES.toLocaleString('en')} sales`,
  rates: [],
}
const ask: LoadGenerator['ask'] = (command, type) => {
  if (!generator) throw new Error('no load generator')
  return generator.ask(command, type)
}
const withServerCpu = <Answer extends { figures: LoadFigures }>(asking: Promise<Answer>) =>
  withCpu([server], asking)

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const organisationIds = () => accounts.organisations.map((organisation) => organisation.id)

async function measureIdleDevices() {
  // One device per organisation first, so the organisations' files and the routes are
  // warm before the baseline is read.
  const firstOfEach = organisationIds().map(
    (id) => accounts.devices.find((device) => device.organisationId === id)!,
  )
  await ask({ type: 'open', group: 'warm', devices: firstOfEach }, 'opened')
  await ask({ type: 'close', group: 'warm' }, 'closed')
  await sleep(3000)
  const baselineMb = server.residentMb()
  const opened = await ask({ type: 'open', group: 'idle', devices: accounts.idleDevices }, 'opened')
  await ask({ type: 'settle', group: 'idle', quietMs: 2000 }, 'settled')
  await sleep(3000)
  const idleMb = server.residentMb()
  const { figures } = await ask(
    { type: 'write-each', group: 'idle', organisationIds: organisationIds() },
    'figures',
  )
  await ask({ type: 'close', group: 'idle' }, 'closed')
  report.idle = {
    devices: opened.devices,
    openSeconds: opened.seconds,
    baselineMb,
    idleMb,
    figures,
  }
}

beforeAll(async () => {
  const started = performance.now()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-load-'))
  // Accounts and the archive's backup are made in this process; the server then runs on
  // the same data in a process of its own.
  accounts = await createLoadOrganisationsIn(dataDir, {
    organisationCount: ORGANISATIONS,
    devicesEach: DEVICES_EACH,
    idleEach: IDLE_EACH,
    archiveSales: ARCHIVE_SALES,
    backupFile: path.join(dataDir, 'archive-backup.json'),
  })
  report.setupSeconds = (performance.now() - started) / 1000
  server = await startServerProcess(dataDir)
  generator = await startLoadGenerator(server.url, accounts.organisations)
}, 900_000)

afterAll(async () => {
  await generator?.close()
  await server?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  try {
    console.log(formatLoadReport(report))
  } catch (error) {
    console.log(`${error}\n${JSON.stringify(report, null, 2)}`)
  }
})

describe('replication at scale', () => {
  bench(
    `${ORGANISATIONS} organisations × ${DEVICES_EACH} devices at ${RATES.join(', ')} writes/s`,
    async () => {
      const started = performance.now()
      await measureIdleDevices()
      const devices = await ask(
        { type: 'open', group: 'devices', devices: accounts.devices },
        'opened',
      )
      report.openSeconds = devices.seconds
      await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
      for (const rate of RATES) {
        const { figures } = await withServerCpu(
          ask(
            {
              type: 'run',
              group: 'devices',
              rate,
              warmupSeconds: WARMUP_SECONDS,
              seconds: RUN_SECONDS,
              organisationIds: organisationIds(),
            },
            'figures',
          ),
        )
        report.rates.push(figures)
        // As it comes, so that a run cut short still shows what it measured.
        console.log(`${rate === RATES[0] ? `${ROW_HEADER}\n` : ''}${formatRow(figures)}`)
        await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
      }
      report.restore = await withServerCpu(
        ask(
          {
            type: 'restore-beside',
            group: 'devices',
            rate: 20,
            warmupSeconds: WARMUP_SECONDS,
            minSeconds: RUN_SECONDS,
            organisationIds: organisationIds(),
            restore: accounts.restore!,
          },
          'restore-figures',
        ),
      )
      await ask({ type: 'close', group: 'devices' }, 'closed')
      report.runSeconds = (performance.now() - started) / 1000
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
