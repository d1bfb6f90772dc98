import { afterAll, bench, describe } from 'vitest'
import { startConvergenceRun } from '../support/convergence-run.ts'
import { chooseSeed } from '../support/seeded-random.ts'

// Convergence under chaos at a larger size (tests/api/convergence.test.ts is the check):
// seven devices × 500 operations with offline periods and a server killed (SIGKILL) in
// the middle of a push. Prints the documents on the server, conflicts, refusals, the
// seconds the devices took to agree at the end, and how many disagreements were left.

const DEVICES_OPERATIONS = 500
const seed = chooseSeed()
const lines: string[] = []

afterAll(() => {
  console.log(`\nconvergence under chaos (seed ${seed}):\n${lines.join('\n')}\n`)
})

describe('convergence under chaos', () => {
  bench(
    `7 devices × ${DEVICES_OPERATIONS} operations`,
    async () => {
      const run = await startConvergenceRun({
        seed,
        // RxDB opens 13 collections per process without a licence.
        people: [
          { area: 'central', role: 'ADMIN', collections: ['appConnections'] },
          { area: 'central', role: 'ADMIN', collections: ['appConnections'] },
          { area: 'central', role: 'MANAGER', collections: ['appConnections'] },
          { area: 'central', role: 'MANAGER', collections: ['appConnections'] },
          { area: 'central', role: 'USER', collections: ['appConnections'] },
          { area: 'sales', role: 'ADMIN' },
          {
            area: 'sales',
            role: 'MANAGER',
            collections: ['projects', 'sales', 'commissionPayments'],
          },
        ],
        operationsPerDevice: DEVICES_OPERATIONS,
        pauseMs: [5, 40],
        settleTimeoutMs: 120_000,
      })
      try {
        const started = performance.now()
        await run.playChaos()
        const chaosSeconds = (performance.now() - started) / 1000
        const { seconds, busy } = await run.settle()
        const report = await run.inspect()
        const { figures } = report
        const count = (name: string, list: readonly unknown[]) => `${name} ${list.length}`
        lines.push(
          `  documents on the server: ${JSON.stringify(figures.documents)}`,
          `  ${figures.pushes} pushes answered, ${figures.conflicts} conflicts, ${figures.refusals} refusals, ${figures.failedCalls} failed calls`,
          `  chaos ${chaosSeconds.toFixed(1)} s (server killed with ${run.crash.pushesInFlight} pushes in flight, down ${run.crash.downMs} ms); converged in ${seconds.toFixed(1)} s`,
          `  left over: ${[
            count('busy replications', busy),
            count('mismatches', report.mismatches),
            count('stale server fields', report.staleServerFields),
            count('lost acknowledged creates', report.lostAcknowledged),
            count('lost creates', report.lostCreates),
            count('lost writes', report.lostWrites),
            count('duplicates', report.duplicates),
            count('activity mismatches', report.activityMismatches),
            count('commission mismatches', report.commissionMismatches),
            count('unexpected refusals', report.unexpectedRefusals),
          ].join(', ')}`,
        )
        // What went wrong, to be reproduced with CONVERGENCE_SEED.
        for (const [name, list] of Object.entries({
          lostCreates: report.lostCreates,
          lostWrites: report.lostWrites,
          unexpectedRefusals: report.unexpectedRefusals,
          mismatches: report.mismatches,
        })) {
          if (list.length > 0) lines.push(`  ${name}: ${JSON.stringify(list).slice(0, 2000)}`)
        }
      } finally {
        await run.close()
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
