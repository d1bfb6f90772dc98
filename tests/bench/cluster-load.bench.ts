import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { startCluster } from '../support/cluster.ts'
import { createLoadOrganisations } from '../support/load-organisations.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startTestServer } from '../support/test-server.ts'
import { startLoadGenerator } from './load/generator-client.ts'
import {
  findKnee,
  fixed,
  formatKinds,
  formatRow,
  KNEE_MS,
  mark,
  ROW_HEADER,
} from './load/load-report.ts'
import type { LoadFigures } from './load/messages.ts'
import { withServerCpu } from './load/processor-use.ts'

// Past one process: the load scenario of sync-load.bench.ts (20 devices per organisation,
// sessions of four MANAGER accounts, each with an open sales stream and a copy of `sales`;
// sales registered by REST at a rising rate) over 10 organisations, first against one process, then against three
// behind HAProxy sharing a Redis (the configuration of `npm run start:cluster`), on the
// same data in the same run. Each ladder stops at its knee, found as sync-load finds it
// (the first rate whose write p99 is over 250 ms). The processes, HAProxy, Redis, the load
// generator and this process share the machine's cores. Printed beside the targets.

const ORGANISATIONS = 10
const DEVICES_EACH = 20
const PROCESSES = 3
// sync-load's rates (5 to 80, doubling) with steps between, so that 1.5× can show, and on
// to 640: on a quiet machine one process has no knee below 320.
const RATES = [5, 10, 20, 30, 40, 60, 80, 120, 160, 240, 320, 480, 640]
const WARMUP_SECONDS = 2
const RUN_SECONDS = 8
/** Devices per account: a MANAGER's stream is read once per rights, not per person. */
const ACCOUNTS_EACH = 4

type Ladder = {
  name: string
  rates: LoadFigures[]
  /** Requests HAProxy sent to each process over the ladder (several processes only). */
  routed?: Record<string, number>
}

let dataDir: string
let accounts: Awaited<ReturnType<typeof createLoadOrganisations>>
const ladders: Ladder[] = []
let setupSeconds = 0

/** The servers a ladder runs against: where to send, whose processor use counts. */
type Servers = {
  url: string
  processes: { cpuSeconds(): number }[]
  readRouted?: () => Promise<Record<string, number>>
  close(): Promise<void>
}

async function startOneProcess(): Promise<Servers> {
  const server = await startServerProcess(dataDir)
  return { url: server.url, processes: [server], close: server.close }
}

async function startProcesses(): Promise<Servers> {
  const cluster = await startCluster(dataDir, PROCESSES)
  const before = await cluster.readServers()
  return {
    url: cluster.url,
    processes: [...cluster.processes.values()],
    async readRouted() {
      const after = await cluster.readServers()
      return Object.fromEntries(
        [...after].map(([name, { requests, downs }]) => [
          `${name}${downs > 0 ? ` (taken down ${downs}× by its health checks)` : ''}`,
          requests - (before.get(name)?.requests ?? 0),
        ]),
      )
    },
    close: cluster.close,
  }
}

/** The devices opened against `servers`, then the rates one after the other up to the knee. */
async function climbLadder(name: string, start: () => Promise<Servers>) {
  const servers = await start()
  const generator = await startLoadGenerator(servers.url, accounts.organisations)
  const ladder: Ladder = { name, rates: [] }
  ladders.push(ladder)
  try {
    const { ask } = generator
    await ask({ type: 'open', group: 'devices', devices: accounts.devices }, 'opened')
    await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
    console.log(`\n${name}:\n${ROW_HEADER}`)
    for (const rate of RATES) {
      const { figures } = await withServerCpu(
        servers.processes,
        ask(
          {
            type: 'run',
            group: 'devices',
            rate,
            warmupSeconds: WARMUP_SECONDS,
            seconds: RUN_SECONDS,
            organisationIds: accounts.organisations.map((organisation) => organisation.id),
          },
          'figures',
        ),
      )
      ladder.rates.push(figures)
      console.log(formatRow(figures))
      if (findKnee([figures])) break
      await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
    }
    await ask({ type: 'close', group: 'devices' }, 'closed')
    ladder.routed = await servers.readRouted?.()
  } finally {
    await generator.close()
    await servers.close()
  }
}

/** The rate sustained below the knee: the writes/s got at the last rate before it. */
function throughputOf(ladder: Ladder) {
  const knee = findKnee(ladder.rates)
  const below = ladder.rates.filter(
    (figures) => figures !== knee && figures.rate < (knee?.rate ?? Infinity),
  )
  return { knee, sustained: below.at(-1)?.achievedRate ?? Number.NaN }
}

function formatLadder(ladder: Ladder) {
  const { knee, sustained } = throughputOf(ladder)
  const missed = ladder.rates.reduce((sum, figures) => sum + figures.missed, 0)
  const errors = ladder.rates.reduce((sum, figures) => sum + figures.errors, 0)
  const highest = ladder.rates.at(-1)?.rate ?? 0
  const lines = [`${ladder.name}:`, ROW_HEADER, ...ladder.rates.map(formatRow)]
  lines.push(
    `  knee (first rate with write p99 > ${KNEE_MS} ms): ${knee ? `${knee.rate} writes/s` : `none up to ${highest} writes/s`}; ` +
      `throughput below it ${fixed(sustained, 1)} writes/s`,
    `  missed documents ${missed} (target 0: ${mark(missed === 0)}), errors ${errors}` +
      ladder.rates
        .filter((figures) => figures.errors > 0)
        .map((figures) => ` (at ${figures.rate}: ${formatKinds(figures)})`)
        .join(''),
  )
  if (ladder.routed) {
    const routed = Object.entries(ladder.routed).map(([name, count]) => `${name} ${count}`)
    lines.push(`  requests per process: ${routed.join(', ')}`)
  }
  return lines.join('\n')
}

beforeAll(async () => {
  const started = performance.now()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-cluster-load-'))
  // Accounts are made in this process; the servers then run on the same data.
  const setup = await startTestServer({}, { dataDir })
  try {
    accounts = await createLoadOrganisations(setup, {
      organisationCount: ORGANISATIONS,
      devicesEach: DEVICES_EACH,
      accountsEach: ACCOUNTS_EACH,
      idleEach: 0,
    })
  } finally {
    await setup.close({ keepData: true })
  }
  setupSeconds = (performance.now() - started) / 1000
}, 600_000)

afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  const [one, several] = ladders
  const lines = [
    '',
    `past one process (${ORGANISATIONS} organisations × ${DEVICES_EACH} devices, a sales stream each):`,
  ]
  for (const ladder of ladders) lines.push(formatLadder(ladder))
  if (one && several) {
    // NaN when a ladder's first rate is already past its knee: nothing sustained to compare.
    const ratio = throughputOf(several).sustained / throughputOf(one).sustained
    lines.push(
      `throughput below the knee, ${several.name} / one process: ${fixed(ratio, 2)}× (target ≥ 1.5×: ${mark(ratio >= 1.5)})`,
    )
  }
  lines.push(
    '  (ms; cpu in % of one core over each run: the server processes together / load generator /',
    '   every other process of the shared 2-core machine, HAProxy and Redis included)',
    `setup ${fixed(setupSeconds, 0)} s; the machine's load average at the end ${loadavg()
      .map((load) => fixed(load, 1))
      .join(', ')}`,
    '',
  )
  console.log(lines.join('\n'))
})

describe('past one process', () => {
  bench(
    `${ORGANISATIONS} organisations × ${DEVICES_EACH} devices, one process then ${PROCESSES} behind HAProxy`,
    async () => {
      await climbLadder('one process', startOneProcess)
      await climbLadder(`${PROCESSES} processes behind HAProxy, Redis`, startProcesses)
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
