import { type ChildProcess, fork } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createLoadOrganisations } from '../support/load-organisations.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startTestServer } from '../support/test-server.ts'
import { formatLoadReport, formatRow, type LoadReport, ROW_HEADER } from './load/load-report.ts'
import type { Command, LoadFigures, Reply } from './load/messages.ts'

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
let generator: ChildProcess
let accounts: Awaited<ReturnType<typeof createLoadOrganisations>>
const report: LoadReport = {
  scenario: `${ORGANISATIONS} organisations × ${DEVICES_EACH} devices`,
  archive: `${ARCHIVE_SALES.toLocaleString('en')} sales`,
  rates: [],
}
const waiting = new Map<
  number,
  { resolve: (reply: Reply) => void; reject: (error: Error) => void }
>()
let nextId = 0

/** Sends one command to the generator and waits for its reply. */
async function ask<Type extends Reply['type']>(command: Command, type: Type) {
  const id = nextId++
  const reply = await new Promise<Reply>((resolve, reject) => {
    waiting.set(id, { resolve, reject })
    generator.send({ id, command })
  })
  waiting.delete(id)
  if (reply.type !== type) throw new Error(`${command.type}: ${JSON.stringify(reply)}`)
  return reply as Extract<Reply, { type: Type }>
}

/** Processor time every process of the machine used so far, in seconds (/proc/stat). */
function readMachineCpuSeconds() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/)
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number)
  return (user! + nice! + system! + irq! + softirq! + steal!) / 100
}

/**
 * Asks for a run and adds the processor use over it (% of one core): the server's, and
 * every other process's but the generator's (the machine is shared: other people's work
 * competes with the server for its two cores).
 */
async function withServerCpu<Answer extends { figures: LoadFigures }>(asking: Promise<Answer>) {
  const server0 = server.cpuSeconds()
  const machine0 = readMachineCpuSeconds()
  const started = performance.now()
  const answer = await asking
  const seconds = (performance.now() - started) / 1000
  const { figures } = answer
  figures.serverCpuPercent = ((server.cpuSeconds() - server0) / seconds) * 100
  const machinePercent = ((readMachineCpuSeconds() - machine0) / seconds) * 100
  figures.othersCpuPercent = machinePercent - figures.serverCpuPercent - figures.generatorCpuPercent
  return answer
}

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
  const setup = await startTestServer({}, { dataDir })
  try {
    accounts = await createLoadOrganisations(setup, {
      organisationCount: ORGANISATIONS,
      devicesEach: DEVICES_EACH,
      idleEach: IDLE_EACH,
      archiveSales: ARCHIVE_SALES,
      backupFile: path.join(dataDir, 'archive-backup.json'),
    })
  } finally {
    await setup.close({ keepData: true })
  }
  report.setupSeconds = (performance.now() - started) / 1000
  server = await startServerProcess(dataDir)
  generator = fork(path.join(import.meta.dirname, 'load/generator.ts'), {
    execArgv: ['--import', 'tsx'],
    // Structured clone, so that a figure without samples (NaN) stays NaN.
    serialization: 'advanced',
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  generator.on('message', (message: { id?: number; reply?: Reply }) => {
    if (message.id !== undefined && message.reply) waiting.get(message.id)?.resolve(message.reply)
  })
  generator.on('exit', (code) => {
    for (const { reject } of waiting.values()) reject(new Error(`generator exited with ${code}`))
  })
  await new Promise<void>((resolve, reject) => {
    generator.once('message', () => resolve())
    generator.once('exit', (code) => reject(new Error(`generator exited with ${code}`)))
    generator.send({ type: 'start', url: server.url, organisations: accounts.organisations })
  })
}, 900_000)

afterAll(async () => {
  if (generator?.connected) {
    const exited = new Promise((resolve) => generator.once('exit', resolve))
    generator.disconnect()
    await Promise.race([exited, sleep(10_000)])
  }
  if (generator?.exitCode === null) generator.kill('SIGKILL')
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
            restore: accounts.restore,
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
