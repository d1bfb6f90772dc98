import { loadavg } from 'node:os'
import { afterAll, bench, describe } from 'vitest'
import { type Cluster, startCluster } from '../support/cluster.ts'
import { CHAOS_PEOPLE, countLeftOver, startConvergenceRun } from '../support/convergence-run.ts'
import { createLoadOrganisationsIn, type LoadAccounts } from '../support/load-organisations.ts'
import { type LoadGenerator, startLoadGenerator } from './load/generator-client.ts'
import { fixed, mark } from './load/load-report.ts'
import type { LoadFigures } from './load/messages.ts'

// A process killed under load: three processes behind HAProxy sharing a Redis, the load
// scenario of sync-load.bench.ts over 10 organisations (devices of 20 per organisation
// with an open sales stream, sales registered by REST at a fixed rate), and beside it the
// convergence run of the chaos test (tests/api/convergence.test.ts: devices of the
// product's replication, writing, going offline) in an eleventh organisation, over
// HAProxy. In the middle of a push of those devices, the process their organisation
// routes to is killed (SIGKILL) and not started again. Measured: how soon each of its
// organisations answers through another process, whether any write answered 2xx is
// missing, and whether every device comes back and agrees. Printed beside the targets.

const PROCESSES = 3
const ORGANISATIONS = 10
const DEVICES_EACH = 20
/** Devices per account: a MANAGER's stream is read once per rights, not per person. */
const ACCOUNTS_EACH = 4
const RATE = 20
const WARMUP_SECONDS = 2
const LOAD_SECONDS = 40
/** Into the load when the convergence devices start their schedule. */
const CHAOS_AFTER_MS = 3000
const TARGET_MS = 5000
const SEED = 20261122
const CONVERGENCE_ORGANISATION = 'default-org'

const lines: string[] = []
afterAll(() => console.log(`\na process killed under load:\n${lines.join('\n')}\n`))

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const cookieHeader = (cookies: Map<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')

/** The process HAProxy sends a session's requests to: the one that got ten requests. */
async function findProcessOf(cluster: Cluster, cookie: string) {
  const routed = await cluster.countRouted(async () => {
    for (let index = 0; index < 10; index++) {
      const answer = await fetch(`${cluster.url}/api/auth/user`, { headers: { cookie } })
      if (answer.status !== 200) throw new Error(`placement: ${answer.status}`)
    }
  })
  // Other requests may run meanwhile (the devices' own): the process that got the most.
  return Object.entries(routed).sort(([, a], [, b]) => b - a)[0]![0]
}

/** Epoch ms of the first 200 for `cookie` through HAProxy, asking every 50 ms. */
async function awaitAnswer(url: string, cookie: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs
  while (Date.now() < until) {
    const status = await fetch(`${url}/api/auth/user`, { headers: { cookie } })
      .then((answer) => answer.status)
      .catch(() => 0)
    if (status === 200) return Date.now()
    await sleep(50)
  }
  return null
}

describe('a process killed under load', () => {
  bench(
    `${PROCESSES} processes, ${ORGANISATIONS} organisations at ${RATE} writes/s and the convergence run, one process SIGKILLed`,
    async () => {
      let cluster: Cluster | undefined
      let accounts: LoadAccounts | undefined
      let generator: LoadGenerator | undefined
      let killed = { name: '', at: 0, convergenceAnswerAt: null as number | null }
      /** The process each organisation routes to. */
      const placement = new Map<string, string>()
      let convergenceCookie = ''
      const started = performance.now()
      const run = await startConvergenceRun({
        seed: SEED,
        people: CHAOS_PEOPLE,
        operationsPerDevice: 60,
        pauseMs: [20, 160],
        settleTimeoutMs: 120_000,
        async startServers(dataDir) {
          // The load organisations beside the convergence run's, on the same data.
          accounts = await createLoadOrganisationsIn(dataDir, {
            organisationCount: ORGANISATIONS,
            devicesEach: DEVICES_EACH,
            accountsEach: ACCOUNTS_EACH,
            idleEach: 0,
            hasSuperadmin: true,
          })
          const running = await startCluster(dataDir, PROCESSES)
          cluster = running
          return {
            url: () => running.url,
            async crash() {
              const name = placement.get(CONVERGENCE_ORGANISATION)!
              const at = Date.now()
              killed = { name, at, convergenceAnswerAt: null }
              await running.kill(name)
              killed.convergenceAnswerAt = await awaitAnswer(running.url, convergenceCookie, 30_000)
            },
            // The devices' streams end with the process and connect again through HAProxy.
            isResyncedAfterCrash: false,
            close: () => running.close(),
          }
        },
      })
      try {
        if (!cluster || !accounts) throw new Error('no cluster')
        const setupSeconds = (performance.now() - started) / 1000
        convergenceCookie = cookieHeader(run.people[0]!.cookies)
        placement.set(CONVERGENCE_ORGANISATION, await findProcessOf(cluster, convergenceCookie))
        for (const organisation of accounts.organisations) {
          placement.set(organisation.id, await findProcessOf(cluster, organisation.writerCookie))
        }
        generator = await startLoadGenerator(cluster.url, accounts.organisations)
        const { ask } = generator
        await ask({ type: 'open', group: 'devices', devices: accounts.devices }, 'opened')
        await ask({ type: 'settle', group: 'devices', quietMs: 2000 }, 'settled')

        const loadStartedAt = Date.now()
        const loading = ask(
          {
            type: 'run',
            group: 'devices',
            rate: RATE,
            warmupSeconds: WARMUP_SECONDS,
            seconds: LOAD_SECONDS,
            organisationIds: accounts.organisations.map((organisation) => organisation.id),
          },
          'figures',
        )
        await sleep(CHAOS_AFTER_MS)
        await run.playChaos()
        const { figures } = await loading
        const loadEndedAt = Date.now()
        const audit = await ask({ type: 'audit', group: 'devices', since: killed.at }, 'audited')
        const haproxyCounters = [...(await cluster.readServers())].map(
          ([name, server]) =>
            `${name} ${server.status}, taken down ${server.downs}×, ${server.retries} retries, ${server.redispatches} sent on`,
        )
        await ask({ type: 'close', group: 'devices' }, 'closed')
        const { seconds: convergedSeconds, busy } = await run.settle()
        const report = await run.inspect()
        const leftOver = countLeftOver(busy, report)

        const moved = [...placement].filter(([, name]) => name === killed.name).map(([id]) => id)
        const byProcess = [...new Set(placement.values())].sort().map(
          (name) =>
            `${name}: ${[...placement]
              .filter(([, on]) => on === name)
              .map(([id]) => id)
              .join(', ')}`,
        )
        lines.push(
          `  placement: ${byProcess.join('; ')}`,
          `  ${killed.name} killed ${fixed((killed.at - loadStartedAt) / 1000, 1)} s into ${fixed((loadEndedAt - loadStartedAt) / 1000, 0)} s ` +
            `of ${RATE} writes/s, ${run.crash.pushesInFlight} pushes of the convergence devices in flight`,
        )
        for (const id of moved) {
          const at =
            id === CONVERGENCE_ORGANISATION ? killed.convergenceAnswerAt : audit.answeredAgainAt[id]
          const after = at === null || at === undefined ? Number.NaN : at - killed.at
          const what = id === CONVERGENCE_ORGANISATION ? 'a read' : 'a write'
          const failed = Object.entries(audit.failedSince[id] ?? {})
            .map(([kind, count]) => `${kind} ×${count}`)
            .join(', ')
          lines.push(
            `  ${id} answered ${what} again through another process ${fixed(after, 0)} ms after the kill ` +
              `(target ≤ ${TARGET_MS}: ${mark(after <= TARGET_MS)})${failed ? `; failed meanwhile: ${failed}` : ''}`,
          )
        }
        const elsewhere: Record<string, number> = {}
        for (const [id, kinds] of Object.entries(audit.failedSince)) {
          if (moved.includes(id)) continue
          for (const [kind, count] of Object.entries(kinds)) {
            elsewhere[kind] = (elsewhere[kind] ?? 0) + count
          }
        }
        lines.push(
          `  the organisations of the other processes, writes failed after the kill: ${
            Object.entries(elsewhere)
              .map(([kind, count]) => `${kind} ×${count}`)
              .join(', ') || 'none'
          }`,
          `  HAProxy's counters: ${haproxyCounters.join('; ')}`,
          `  load writes answered 201: ${audit.answered}, not on the server afterwards: ${audit.lost.length} ` +
            `(target 0: ${mark(audit.lost.length === 0)})${audit.lost.length ? ` ${audit.lost.slice(0, 10).join(', ')}` : ''}`,
          formatLoad(figures),
          `  convergence devices: agreed ${fixed(convergedSeconds, 1)} s after the schedule; ` +
            `${report.figures.pushes} pushes answered, ${report.figures.failedCalls} failed calls; left over: ` +
            `${Object.entries(leftOver)
              .map(([name, count]) => `${name} ${count}`)
              .join(
                ', ',
              )} (target 0 each: ${mark(Object.values(leftOver).every((count) => count === 0))})`,
          `  setup ${fixed(setupSeconds, 0)} s, whole run ${fixed((performance.now() - started) / 1000, 0)} s; ` +
            `the machine's load average at the end ${loadavg()
              .map((load) => fixed(load, 1))
              .join(', ')}`,
        )
        for (const [name, list] of Object.entries({
          busy,
          mismatches: report.mismatches,
          lostAcknowledged: report.lostAcknowledged,
          lostWrites: report.lostWrites,
        })) {
          if (list.length > 0) lines.push(`  ${name}: ${JSON.stringify(list).slice(0, 1500)}`)
        }
      } finally {
        await generator?.close()
        await run.close()
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})

/** The load devices over the whole run, the kill included. */
function formatLoad(figures: LoadFigures) {
  const kinds = Object.entries(figures.errorKinds)
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ')
  return (
    `  load devices (${figures.devices}): missed documents after the drain ${figures.missed} ` +
    `(target 0: ${mark(figures.missed === 0)}); write p50 / p99 ${fixed(figures.writeP50, 0)} / ` +
    `${fixed(figures.writeP99, 0)} ms, change p99 ${fixed(figures.changeP99, 0)} ms, pulls ${figures.pulls}, ` +
    `errors ${figures.errors}${kinds ? ` (${kinds})` : ''}`
  )
}
