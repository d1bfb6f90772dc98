import { expect, test } from 'vitest'
import {
  cpuPerThousand,
  formatComparison,
  isQuotasKnee,
  type Ladder,
  marginalCpuPerThousand,
  type Rung,
  throughputOf,
} from '../bench/load/capped-ladders.ts'
import type { LoadFigures } from '../bench/load/messages.ts'

// The arithmetic of cluster-load.bench.ts's report: which rate is the knee when the shared
// machine stalls once, what the throughput below it is, whether the quota set it, and the
// ratios it prints. Made-up figures, so that each rule shows on its own.

const SETTINGS = { quota: 0.25, secondsPerRun: 10, processes: 3 }

function rung(rate: number, writeP99: number, cpuPercents: number[], stall = false): Rung {
  const figures = { rate, achievedRate: rate, writeP99 } as LoadFigures
  const uses = cpuPercents.map((cpuPercent, index) => ({
    name: `node-${index + 1}`,
    cpuPercent,
    cpuSeconds: (cpuPercent / 100) * SETTINGS.secondsPerRun,
    throttledPercent: 0,
  }))
  return { figures, uses, idlePercent: 100, stall }
}

test('a stall the same rate did not repeat is not the knee', () => {
  const ladder: Ladder = {
    name: 'one process',
    rungs: [rung(8, 40, [10]), rung(10, 400, [12], true), rung(10, 60, [12]), rung(12, 500, [24])],
  }
  const { knee, sustained, writesPerSecond } = throughputOf(ladder)
  expect(knee?.rate).toBe(12)
  expect(sustained?.figures.rate).toBe(10)
  expect(writesPerSecond).toBe(10)
  expect(isQuotasKnee(ladder, SETTINGS)).toBe(true)
})

test('a knee where a process used less than 80 % of its quota is not the quota’s', () => {
  const ladder: Ladder = {
    name: 'three',
    rungs: [rung(20, 50, [10, 10, 10]), rung(24, 300, [24, 19, 24])],
  }
  expect(isQuotasKnee(ladder, SETTINGS)).toBe(false)
  // No knee at all: the whole ladder sustained, and nothing the quota held.
  const none: Ladder = { name: 'three', rungs: [rung(20, 50, [10, 10, 10])] }
  expect(throughputOf(none)).toMatchObject({ knee: undefined, writesPerSecond: 20 })
  expect(isQuotasKnee(none, SETTINGS)).toBe(false)
})

test('cpu per 1,000 writes: at the last rate below the knee, and per 1,000 more', () => {
  // 8 writes/s for 10 s, 10 % of a core: 1 s for 80 writes, 12.5 s per 1,000; from 4 to
  // 8 writes/s, 0.4 s more for 40 more writes: 10 s per 1,000 more.
  const one: Ladder = {
    name: 'one',
    rungs: [rung(4, 40, [6]), rung(8, 40, [10]), rung(10, 300, [25])],
  }
  expect(cpuPerThousand(one, SETTINGS)).toEqual([{ name: 'node-1', seconds: 12.5 }])
  expect(marginalCpuPerThousand(one, SETTINGS)).toEqual([{ name: 'node-1', seconds: 10 }])
  // 12 and 24 writes/s over three: 40 and 80 writes each.
  const three: Ladder = {
    name: 'three',
    rungs: [rung(12, 40, [6, 6, 6.4]), rung(24, 40, [10, 10, 11.2]), rung(28, 300, [25, 25, 25])],
  }
  const seconds = (list: { seconds: number }[]) => list.map((item) => item.seconds.toFixed(2))
  expect(seconds(cpuPerThousand(three, SETTINGS))).toEqual(['12.50', '12.50', '14.00'])
  expect(seconds(marginalCpuPerThousand(three, SETTINGS))).toEqual(['10.00', '10.00', '12.00'])
  const [ratio, cost] = formatComparison(one, three, SETTINGS)
  expect(ratio).toBe(
    'throughput below the knee, three / one process: 3.00× (target ≥ 2.5×: met), both knees the quotas’',
  )
  expect(cost).toBe(
    'cpu per 1,000 more writes, each of 3 / one alone (target ≤ 1.3×): node-1 1.00× (met), node-2 1.00× (met), node-3 1.20× (met); ' +
      "at each ladder's last rate below its knee: node-1 1.00×, node-2 1.00×, node-3 1.12×",
  )
  // One rate below the knee: no slope.
  expect(marginalCpuPerThousand({ name: 'one', rungs: one.rungs.slice(1) }, SETTINGS)).toEqual([])
})

test('a knee below the quota: the ratio says it is the run’s, not the quota’s', () => {
  const one: Ladder = { name: 'one', rungs: [rung(8, 40, [10]), rung(10, 300, [13])] }
  const three: Ladder = {
    name: 'three',
    rungs: [rung(24, 40, [10, 10, 10]), rung(28, 300, [25, 25, 25])],
  }
  expect(formatComparison(one, three, SETTINGS)[0]).toMatch(
    /3\.00× \(target ≥ 2\.5×: met\); a knee below the quota: a ratio of this run on the shared machine, not of the quota$/,
  )
})

test('three that ran out of rates: the ratio is a floor, and says so', () => {
  const one: Ladder = { name: 'one', rungs: [rung(24, 40, [21]), rung(28, 300, [22])] }
  const three: Ladder = {
    name: 'three',
    rungs: [rung(100, 40, [22, 22, 23]), rung(120, 200, [25, 25, 25])],
  }
  expect(formatComparison(one, three, SETTINGS)[0]).toBe(
    "throughput below the knee, three / one process: at least 5.00× (target ≥ 2.5×: met) (three: no knee up to 120 writes/s); one's knee the quota’s",
  )
})
