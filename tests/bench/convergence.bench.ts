import { afterAll, bench, describe } from 'vitest'
import { countLeftOver, startConvergenceRun } from '../support/convergence-run.ts'
import { chooseSeed } from '../support/seeded-random.ts'
import { median } from './median.ts'

// Convergence under chaos, longer than the check in `npm test`
// (tests/api/convergence.test.ts): seven devices × 800 operations, offline periods of up
// to five seconds and a server killed (SIGKILL) in the middle of a push, over ten fixed
// seeds (CONVERGENCE_SEED runs that one instead). Prints per seed the seconds the devices
// took to agree and what was left over, then the totals beside the target: nothing left.

const OPERATIONS_PER_DEVICE = 800
const SEEDS = process.env.CONVERGENCE_SEED
  ? [chooseSeed(process.env.CONVERGENCE_SEED)]
  : [20261122, 22, 55, 7, 1, 2, 3, 4, 5, 6]

/** What a run may leave over, by name; the target is none of each. */
type LeftOver = Record<string, number>
const results: { seed: number; converged: number; leftOver: LeftOver }[] = []

afterAll(() => {
  const totals: LeftOver = {}
  for (const { leftOver } of results) {
    for (const [name, count] of Object.entries(leftOver)) totals[name] = (totals[name] ?? 0) + count
  }
  const seconds = results.map((result) => result.converged)
  const failing = results.filter(({ leftOver }) => Object.values(leftOver).some((n) => n > 0))
  console.log(
    [
      `\nconvergence under chaos, ${results.length} seeds:`,
      `totals (target 0 each): ${Object.entries(totals)
        .map(([name, count]) => `${name} ${count}`)
        .join(', ')}`,
      `converged in ${median(seconds).toFixed(1)} s (median), ${Math.max(...seconds).toFixed(1)} s at most`,
      `seeds with something left over: ${failing.map((result) => result.seed).join(', ') || 'none'}\n`,
    ].join('\n'),
  )
})

describe('convergence under chaos', () => {
  for (const seed of SEEDS) {
    bench(
      `7 devices × ${OPERATIONS_PER_DEVICE} operations (seed ${seed})`,
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
            // Not the plans' four read-only collections: they would pass the limit.
            {
              area: 'sales',
              role: 'ADMIN',
              collections: ['projects', 'sellers', 'sales', 'commissionPayments'],
            },
            {
              area: 'sales',
              role: 'MANAGER',
              collections: ['projects', 'sales', 'commissionPayments'],
            },
          ],
          operationsPerDevice: OPERATIONS_PER_DEVICE,
          pauseMs: [5, 40],
          offlineMs: [300, 5000],
          settleTimeoutMs: 120_000,
        })
        try {
          const started = performance.now()
          await run.playChaos()
          const chaosSeconds = (performance.now() - started) / 1000
          const { seconds, busy } = await run.settle()
          const report = await run.inspect()
          const { figures } = report
          const leftOver = countLeftOver(busy, report)
          results.push({ seed, converged: seconds, leftOver })
          // Printed as each seed ends, so a run stopped early still shows the seeds it did.
          const lines = [
            `seed ${seed}: converged in ${seconds.toFixed(1)} s after ${chaosSeconds.toFixed(1)} s of chaos (server killed with ${run.crash.pushesInFlight} pushes in flight, down ${run.crash.downMs} ms)`,
            `  documents on the server: ${JSON.stringify(figures.documents)}`,
            `  ${figures.pushes} pushes answered, ${figures.conflicts} conflicts, ${figures.refusals} refusals (${figures.editsOfDeleted} edits of deleted documents), ${figures.failedCalls} failed calls, ${figures.offlinePeriods} offline periods`,
            `  left over: ${Object.entries(leftOver)
              .map(([name, count]) => `${name} ${count}`)
              .join(', ')}`,
          ]
          // What went wrong, to be replayed with CONVERGENCE_SEED.
          for (const [name, list] of Object.entries({
            busy,
            mismatches: report.mismatches,
            staleServerFields: report.staleServerFields,
            lostCreates: report.lostCreates,
            lostWrites: report.lostWrites,
            unexpectedRefusals: report.unexpectedRefusals,
            commissionMismatches: report.commissionMismatches,
          })) {
            if (list.length > 0) lines.push(`  ${name}: ${JSON.stringify(list).slice(0, 2000)}`)
          }
          if (busy.length > 0) lines.push(`  diagnostics: ${JSON.stringify(report.diagnostics)}`)
          console.log(lines.join('\n'))
        } finally {
          await run.close()
        }
      },
      { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
    )
  }
})
