import { mkdtempSync, rmSync } from 'node:fs'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { startCluster } from '../support/cluster.ts'
import {
  type CpuQuotas,
  openCpuQuotas,
  parseQuota,
  WEIGHT_IN_PROCESSES,
} from '../support/cpu-quota.ts'
import { createLoadOrganisationsIn, type LoadAccounts } from '../support/load-organisations.ts'
import { startServerProcess } from '../support/server-process.ts'
import {
  formatComparison,
  formatLadder,
  formatRung,
  type Ladder,
  type LadderSettings,
  type Rung,
} from './load/capped-ladders.ts'
import {
  type CappedProcess,
  chooseEvenly,
  findPlacement,
  measureUse,
} from './load/capped-processes.ts'
import { startLoadGenerator } from './load/generator-client.ts'
import { fixed, KNEE_MS, ROW_HEADER } from './load/load-report.ts'
import type { Command } from './load/messages.ts'

// Past one process, with cores as a container platform gives them: each server process in
// a CPU quota group of its own (CLUSTER_BENCH_CPU_QUOTA of a core, 0.25 by default, as
// Kubernetes' `cpu: 250m`), HAProxy, Redis, the load generator and this process outside
// them (in a group without a quota; every group weighted so that the shared machine's
// other work leaves it what it asks, as a node leaves a pod its request). The load scenario of sync-load.bench.ts (20 devices per organisation, sessions of
// four MANAGER accounts, each with an open sales stream and a copy of `sales`; sales
// registered by REST at a rising rate), first against one capped process, then against
// three behind HAProxy sharing a Redis, on the same organisations in the same run. Each
// ladder stops at its knee: the first rate whose write p99 is over 250 ms, and again when
// the same rate runs once more (one stall of the shared machine, another engineer's build
// starting, ended a ladder at a rate the next run sustained). Where no group can be made
// (not root, no writable CPU controller) the bench says so and measures nothing: a ratio of
// uncapped processes on this shared machine measures the machine.

const QUOTA = parseQuota(process.env.CLUSTER_BENCH_CPU_QUOTA)
/** Made, then as many per process as HAProxy placed on the one that got fewest. */
const ORGANISATIONS = 15
const DEVICES_EACH = 20
const PROCESSES = 3
// Steps of about 20 %, so that 2.5× shows within a step: a quarter core carries tens of
// writes a second, not hundreds (34 alone; three ran past 120 on a quiet machine).
const RATES = [
  2, 3, 4, 5, 6, 8, 10, 12, 14, 17, 20, 24, 28, 34, 40, 48, 58, 70, 84, 100, 120, 144, 172,
]
const WARMUP_SECONDS = 2
const RUN_SECONDS = 8
/** Devices per account: a MANAGER's stream is read once per rights, not per person. */
const ACCOUNTS_EACH = 4

const SETTINGS: LadderSettings = {
  quota: QUOTA,
  secondsPerRun: WARMUP_SECONDS + RUN_SECONDS,
  processes: PROCESSES,
}

let dataDir: string
let accounts: LoadAccounts
let quotas: CpuQuotas | undefined
let unavailable: string | undefined
let chosen: { each: number; ids: string[]; placement: Map<string, string> } | undefined
const ladders: Ladder[] = []
let setupSeconds = 0

type Servers = {
  url: string
  processes: CappedProcess[]
  readRouted?: () => Promise<Record<string, number>>
  close(): Promise<void>
}

function capped(name: string) {
  const group = (quotas as CpuQuotas).createGroup(name)
  return { group, onSpawn: (pid: number) => group.add(pid) }
}

async function startOneProcess(): Promise<Servers> {
  const { group, onSpawn } = capped('alone')
  const server = await startServerProcess(dataDir, { onSpawn })
  return { url: server.url, processes: [{ name: 'alone', group, ...server }], close: server.close }
}

async function startProcesses(): Promise<Servers> {
  const groups = new Map(
    Array.from({ length: PROCESSES }, (_, index) => [
      `node-${index + 1}`,
      capped(`node-${index + 1}`),
    ]),
  )
  const cluster = await startCluster(dataDir, PROCESSES, {
    onSpawn: (name, pid) => groups.get(name)?.onSpawn(pid),
  })
  const placement = await findPlacement(
    cluster,
    accounts.organisations.map(({ id }) => id),
  )
  if (!chosen) chosen = { ...chooseEvenly(placement, [...groups.keys()]), placement }
  else if ([...placement].some(([id, name]) => chosen?.placement.get(id) !== name)) {
    throw new Error('HAProxy placed the organisations otherwise than before')
  }
  const before = await cluster.readServers()
  return {
    url: cluster.url,
    processes: [...cluster.processes].map(([name, server]) => ({
      name,
      group: groups.get(name)!.group,
      ...server,
    })),
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

/** The devices of the chosen organisations opened against `servers`, then the rates up to the knee. */
async function climbLadder(name: string, servers: Servers) {
  const ids = new Set(chosen?.ids)
  const organisations = accounts.organisations.filter(({ id }) => ids.has(id))
  const devices = accounts.devices.filter(({ organisationId }) => ids.has(organisationId))
  const generator = await startLoadGenerator(servers.url, organisations)
  const ladder: Ladder = { name, rungs: [] }
  ladders.push(ladder)
  try {
    const { ask } = generator
    await ask({ type: 'open', group: 'devices', devices }, 'opened')
    await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
    console.log(`\n${name}:\n${ROW_HEADER}`)
    const runAt = async (rate: number): Promise<Rung> => {
      const run: Command = {
        type: 'run',
        group: 'devices',
        rate,
        warmupSeconds: WARMUP_SECONDS,
        seconds: RUN_SECONDS,
        organisationIds: [...ids],
      }
      const measured = await measureUse(servers.processes, () => ask(run, 'figures'))
      const figures = measured.answer.figures
      figures.serverCpuPercent = measured.uses.reduce((sum, use) => sum + use.cpuPercent, 0)
      figures.othersCpuPercent =
        measured.machinePercent - figures.serverCpuPercent - figures.generatorCpuPercent
      await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')
      return { figures, uses: measured.uses, idlePercent: measured.idlePercent }
    }
    const isOver = (rung: Rung) => rung.figures.writeP99 > KNEE_MS
    for (const rate of RATES) {
      const rung = await runAt(rate)
      ladder.rungs.push(rung)
      console.log(formatRung(rung))
      if (!isOver(rung)) continue
      const again = await runAt(rate)
      ladder.rungs.push(again)
      console.log(`${formatRung(again)}  (the same rate again)`)
      if (isOver(again)) break
      rung.stall = true
    }
    ladder.threads = servers.processes.map(({ name, group }) => ({
      name,
      ...group.countThreads(),
    }))
    await ask({ type: 'close', group: 'devices' }, 'closed')
    ladder.routed = await servers.readRouted?.()
  } finally {
    await generator.close()
    await servers.close()
  }
}

beforeAll(async () => {
  const opened = openCpuQuotas(QUOTA)
  if ('unavailable' in opened) {
    unavailable = opened.unavailable
    return
  }
  quotas = opened
  // HAProxy, Redis and the load generator are started by this process and stay in its group:
  // one without a quota, weighted as the capped ones, so that on the shared machine they
  // get the processor they ask for and the knee is the processes', not theirs.
  quotas.createGroup('harness', { capped: false }).add(process.pid)
  const started = performance.now()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-cluster-load-'))
  // Accounts are made in this process; the servers then run on the same data.
  accounts = await createLoadOrganisationsIn(dataDir, {
    organisationCount: ORGANISATIONS,
    devicesEach: DEVICES_EACH,
    accountsEach: ACCOUNTS_EACH,
    idleEach: 0,
  })
  setupSeconds = (performance.now() - started) / 1000
}, 900_000)

afterAll(() => {
  quotas?.close()
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  if (unavailable) {
    console.log(
      `\npast one process: SKIPPED, no CPU quota group can be made here (${unavailable}); no ratio measured\n`,
    )
    return
  }
  const placed = chosen
    ? `${chosen.each} of the ${ORGANISATIONS} organisations per process, as HAProxy placed them (${[...new Set(chosen.placement.values())].map((name) => `${name} ${[...chosen!.placement.values()].filter((n) => n === name).length}`).join(', ')})`
    : '-'
  const lines = [
    '',
    `past one process, each capped at ${QUOTA} of a core (${quotas?.kind}, ${quotas?.quotaUs} µs per ${quotas?.periodUs} µs,`,
    `  weighted as ${WEIGHT_IN_PROCESSES} processes so that the shared machine's other work leaves it its quota;`,
    '  HAProxy, Redis, the load generator and this process in a group of the same weight, uncapped):',
    `  ${placed}, ${DEVICES_EACH} devices each with a sales stream`,
  ]
  for (const ladder of ladders) lines.push(formatLadder(ladder, SETTINGS))
  const [one, several] = ladders
  lines.push(
    ...(one && several ? formatComparison(one, several, SETTINGS) : []),
    `  (ms; each process's cpu in % of one core beside its quota of ${fixed(QUOTA * 100, 0)} %, from /proc/<pid>/stat,`,
    "   held back: the periods in which its group's quota was spent (cpu.stat); the machine's idle time",
    `   of its ${availableParallelism()} cores, in % of one; the row's cpu: the server processes together / load`,
    '   generator / every other process of the shared machine)',
    `setup ${fixed(setupSeconds, 0)} s; the machine's load average at the end ${loadavg()
      .map((load) => fixed(load, 1))
      .join(', ')}`,
    '',
  )
  console.log(lines.join('\n'))
})

describe('past one process', () => {
  bench(
    `one process capped at ${QUOTA} core, then ${PROCESSES} capped behind HAProxy`,
    async () => {
      if (unavailable) return
      // The placement first, so that one process serves the same organisations.
      const probe = await startProcesses()
      await probe.close()
      await climbLadder('one process', await startOneProcess())
      await climbLadder(`${PROCESSES} processes behind HAProxy, Redis`, await startProcesses())
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
