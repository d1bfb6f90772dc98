import type { ProcessUse } from './capped-processes.ts'
import {
  findKnee,
  fixed,
  formatKinds,
  formatRow,
  KNEE_MS,
  mark,
  ROW_HEADER,
} from './load-report.ts'
import type { LoadFigures } from './messages.ts'

// The figures of cluster-load.bench.ts: each ladder of rates up to its knee, the
// throughput below it, whether the quota or the shared machine set it, and the comparison
// of three capped processes with one.

/** One rate's run: the generator's figures, each process's use and the machine's idle time. */
export type Rung = {
  figures: LoadFigures
  uses: ProcessUse[]
  /** The whole machine's idle processor time over the run, in % of one core. */
  idlePercent: number
  /** Over the knee once, but not when the same rate ran again: a stall, not the knee. */
  stall?: boolean
}

export type Ladder = {
  name: string
  rungs: Rung[]
  routed?: Record<string, number>
  /** Each process's threads at the ladder's end, and how many of them were in its group. */
  threads?: { name: string; inside: number; total: number }[]
}

/** What the report needs of the bench's settings. */
export type LadderSettings = { quota: number; secondsPerRun: number; processes: number }

/**
 * The knee, the last rung below it (its writes/s: the throughput). Rungs over the knee that
 * the same rate run again did not confirm are left out: a stall of the shared machine.
 */
export function throughputOf(ladder: Ladder) {
  const rungs = ladder.rungs.filter((rung) => !rung.stall)
  const knee = findKnee(rungs.map(({ figures }) => figures))
  const below = rungs.filter(({ figures }) => figures.rate < (knee?.rate ?? Infinity))
  const sustained = below.at(-1)
  const kneeRung = rungs.find(({ figures }) => figures === knee)
  return {
    knee,
    kneeRung,
    sustained,
    writesPerSecond: sustained?.figures.achievedRate ?? Number.NaN,
  }
}

/**
 * Processor seconds per 1,000 writes of each process at the ladder's last rung below its
 * knee: its processor time over the run (warm-up included) over the writes of its
 * organisations (as many per process, round-robin: its share of the rate, same time).
 */
export function cpuPerThousand(ladder: Ladder, { secondsPerRun }: LadderSettings) {
  const { sustained } = throughputOf(ladder)
  if (!sustained) return []
  const share = 1 / sustained.uses.length
  const writes = sustained.figures.achievedRate * secondsPerRun * share
  return sustained.uses.map((use) => ({
    name: use.name,
    seconds: (use.cpuSeconds / writes) * 1000,
  }))
}

/**
 * Processor seconds per 1,000 more writes of each process: the slope of its processor time
 * over its writes across the runs below the knee (least squares). Unlike the figure at
 * one rate it leaves out what a process spends whatever the rate (its streams' heartbeats,
 * HAProxy's health checks), so one process and three compare at different rates: three
 * whose knee came early on the shared machine would otherwise look dearer per write.
 */
export function marginalCpuPerThousand(ladder: Ladder, { secondsPerRun }: LadderSettings) {
  const { knee } = throughputOf(ladder)
  const rungs = ladder.rungs.filter(
    ({ stall, figures }) => !stall && figures.rate < (knee?.rate ?? Infinity),
  )
  if (new Set(rungs.map(({ figures }) => figures.rate)).size < 2) return []
  return rungs[0]!.uses.map(({ name }, index) => {
    const points = rungs.map(({ figures, uses }) => ({
      writes: (figures.achievedRate * secondsPerRun) / uses.length,
      seconds: uses[index]!.cpuSeconds,
    }))
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    const writes = mean(points.map((point) => point.writes))
    const seconds = mean(points.map((point) => point.seconds))
    const covariance = mean(points.map((p) => (p.writes - writes) * (p.seconds - seconds)))
    const variance = mean(points.map((p) => (p.writes - writes) ** 2))
    return { name, seconds: (covariance / variance) * 1000 }
  })
}

/**
 * Whether the quota set the knee: at the knee rate every process used at least 80 % of
 * its quota. Below that, the shared machine's other work or the processes' stalls set it,
 * and the ratio says nothing about the product.
 */
export function isQuotasKnee(ladder: Ladder, { quota }: LadderSettings) {
  const { kneeRung } = throughputOf(ladder)
  return kneeRung?.uses.every((use) => use.cpuPercent >= quota * 100 * 0.8) ?? false
}

/** "node-1 24.9 % (held back in 83 % of periods)" per process, beside the quota. */
export function formatUses(uses: ProcessUse[]) {
  return uses
    .map(
      (use) =>
        `${use.name} ${fixed(use.cpuPercent, 1)} % (held back in ${fixed(use.throttledPercent, 0)} % of periods)`,
    )
    .join(', ')
}

/** A rung's two lines: the generator's row, each process's use and the machine's idle time. */
export function formatRung(rung: Rung) {
  const stall = rung.stall ? '  (over the knee once: the same rate again)' : ''
  return `${formatRow(rung.figures)}${stall}\n    ${formatUses(rung.uses)}; machine idle ${fixed(rung.idlePercent, 0)} %`
}

function formatKneeVerdict(ladder: Ladder, settings: LadderSettings) {
  const { kneeRung } = throughputOf(ladder)
  if (!kneeRung) return []
  const quota = fixed(settings.quota * 100, 0)
  const used = kneeRung.uses
    .map(
      (use) =>
        `${fixed(use.cpuPercent, 0)} % (held back in ${fixed(use.throttledPercent, 0)} % of periods)`,
    )
    .join(', ')
  const verdict = isQuotasKnee(ladder, settings)
    ? 'the quota held them'
    : `NOT the quota: the shared machine (idle ${fixed(kneeRung.idlePercent, 0)} % of a core) or stalls set this knee`
  return [`  at the knee the processes used ${used} of ${quota} %: ${verdict}`]
}

export function formatLadder(ladder: Ladder, settings: LadderSettings) {
  const { knee, writesPerSecond } = throughputOf(ladder)
  const rows = ladder.rungs.map(({ figures }) => figures)
  const missed = rows.reduce((sum, figures) => sum + figures.missed, 0)
  const errors = rows.reduce((sum, figures) => sum + figures.errors, 0)
  const highest = Math.max(...ladder.rungs.flatMap(({ uses }) => uses.map((use) => use.cpuPercent)))
  const lines = [`${ladder.name}:`, ROW_HEADER, ...ladder.rungs.map(formatRung)]
  lines.push(
    `  knee (first rate with write p99 > ${KNEE_MS} ms, twice): ${knee ? `${knee.rate} writes/s` : `none up to ${rows.at(-1)?.rate ?? 0} writes/s`}; ` +
      `throughput below it ${fixed(writesPerSecond, 1)} writes/s`,
    `  missed documents ${missed} (target 0: ${mark(missed === 0)}), errors ${errors}` +
      rows
        .filter((figures) => figures.errors > 0)
        .map((figures) => ` (at ${figures.rate}: ${formatKinds(figures)})`)
        .join(''),
    ...formatKneeVerdict(ladder, settings),
    `  the caps: the highest use of a process over a run ${fixed(highest, 1)} % of its ${fixed(settings.quota * 100, 0)} %; ` +
      `threads in their groups at the end: ${ladder.threads?.map((t) => `${t.name} ${t.inside} of ${t.total}`).join(', ') ?? '-'}`,
  )
  const atRate = (list: { name: string; seconds: number }[]) =>
    list.map(({ name, seconds }) => `${name} ${fixed(seconds, 2)} s`).join(', ') || '-'
  lines.push(
    `  cpu per 1,000 writes at the last rate below the knee: ${atRate(cpuPerThousand(ladder, settings))}; ` +
      `per 1,000 more (slope below the knee): ${atRate(marginalCpuPerThousand(ladder, settings))}`,
  )
  if (ladder.routed) {
    const routed = Object.entries(ladder.routed).map(([name, count]) => `${name} ${count}`)
    lines.push(`  requests per process: ${routed.join(', ')}`)
  }
  return lines.join('\n')
}

/** The ratios beside their targets; the throughput's says whether the quotas set both knees. */
export function formatComparison(one: Ladder, several: Ladder, settings: LadderSettings) {
  // NaN when a ladder's first rate is already past its knee: nothing sustained to compare.
  const ratio = throughputOf(several).writesPerSecond / throughputOf(one).writesPerSecond
  const bothQuotas = isQuotasKnee(one, settings) && isQuotasKnee(several, settings)
  const compare = (measure: typeof cpuPerThousand) => {
    const alone = measure(one, settings)[0]?.seconds ?? Number.NaN
    return measure(several, settings).map(({ name, seconds }) => ({ name, cost: seconds / alone }))
  }
  const each = compare(marginalCpuPerThousand).map(
    ({ name, cost }) => `${name} ${fixed(cost, 2)}× (${mark(cost <= 1.3)})`,
  )
  const atRate = compare(cpuPerThousand).map(({ name, cost }) => `${name} ${fixed(cost, 2)}×`)
  // A ladder that ran out of rates has no knee: its throughput is only a floor.
  const topped = (ladder: Ladder) =>
    throughputOf(ladder).knee
      ? ''
      : ` (${ladder.name}: no knee up to ${ladder.rungs.at(-1)?.figures.rate} writes/s)`
  const bound = throughputOf(several).knee || !throughputOf(one).knee ? '' : 'at least '
  const verdict = bothQuotas
    ? ', both knees the quotas’'
    : throughputOf(several).knee
      ? '; a knee below the quota: a ratio of this run on the shared machine, not of the quota'
      : `; ${one.name}'s knee ${isQuotasKnee(one, settings) ? 'the quota’s' : 'below the quota: a ratio of this run on the shared machine'}`
  return [
    `throughput below the knee, ${several.name} / one process: ${bound}${fixed(ratio, 2)}× (target ≥ 2.5×: ${mark(ratio >= 2.5)})` +
      topped(several) +
      verdict,
    `cpu per 1,000 more writes, each of ${settings.processes} / one alone (target ≤ 1.3×): ${each.join(', ') || '-'}; ` +
      `at each ladder's last rate below its knee: ${atRate.join(', ') || '-'}`,
  ]
}
