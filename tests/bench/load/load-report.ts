import type { LoadFigures, Reply } from './messages.ts'

// The printed table of sync-load.bench.ts, each figure beside its target.

export type LoadReport = {
  /** What ran: "5 organisations × 20 devices", "50,000 sales". */
  scenario: string
  archive: string
  setupSeconds?: number
  openSeconds?: number
  runSeconds?: number
  rates: LoadFigures[]
  idle?: {
    devices: number
    openSeconds: number
    baselineMb: number
    idleMb: number
    figures: LoadFigures
  }
  restore?: Extract<Reply, { type: 'restore-figures' }>
}

/** The knee: the first rate whose write p99 is over this. */
export const KNEE_MS = 250

/** The first rate of a ladder (lowest first) past the knee; undefined when none is. */
export const findKnee = (rates: LoadFigures[]) =>
  rates.find((figures) => figures.writeP99 > KNEE_MS)
/** A figure with `digits` decimals; '-' for none (no samples, a failed step). */
export const fixed = (value: number | null | undefined, digits: number) =>
  value === null || value === undefined || Number.isNaN(value) ? '-' : value.toFixed(digits)
const ms = (value: number) => fixed(value, 0)
const formatCpu = (figures: LoadFigures) =>
  [figures.serverCpuPercent, figures.generatorCpuPercent, figures.othersCpuPercent]
    .map((percent) => fixed(percent, 0))
    .join(' / ')
/** The errors by kind: "write 500 ×2, stream closed ×20". */
export const formatKinds = (figures: LoadFigures) =>
  Object.entries(figures.errorKinds)
    .map(([kind, count]) => `${kind} ×${count}`)
    .join(', ')
export const mark = (isMet: boolean) => (isMet ? 'met' : 'NOT MET')

/** The table's header line. */
export const ROW_HEADER = `  ${[
  'writes/s (got)',
  'write p50/p99',
  'change p50/p99',
  'samples',
  'pulls',
  'messages',
  'errors',
  'missed',
  'cpu % srv/gen/other',
]
  .map((name, index) => (index === 0 ? name.padEnd(13) : name))
  .join(' | ')}`

/** One rate's row of the table. */
export function formatRow(figures: LoadFigures) {
  const cells = [
    `${figures.rate} (${fixed(figures.achievedRate, 1)})`.padEnd(13),
    `${ms(figures.writeP50)} / ${ms(figures.writeP99)}`.padStart(13),
    `${ms(figures.changeP50)} / ${ms(figures.changeP99)}`.padStart(13),
    String(figures.changeSamples).padStart(8),
    String(figures.pulls).padStart(7),
    String(figures.changeMessages).padStart(8),
    String(figures.errors).padStart(6),
    String(figures.missed).padStart(6),
    formatCpu(figures).padStart(19),
  ]
  return `  ${cells.join(' | ')}`
}

/** The whole report as printed to stdout. */
export function formatLoadReport(report: LoadReport) {
  const lines = ['', `replication at scale (${report.scenario}, a sales stream each):`]
  lines.push(ROW_HEADER)
  for (const figures of report.rates) lines.push(formatRow(figures))
  for (const figures of report.rates) {
    if (figures.errors > 0 || figures.resent > 0) {
      lines.push(
        `  at ${figures.rate} writes/s: errors ${formatKinds(figures) || 'none'}; ` +
          `${figures.resent} requests sent again on a socket the server had closed`,
      )
    }
  }
  lines.push(
    '  (ms; change = write request start → device holds the sale, one sample per device per write;',
    '   pulls and messages counted over the measured seconds and the drain after; cpu in % of one',
    '   core over the whole run, warm-up and drain included: server process / load generator /',
    '   every other process of the shared 2-core machine)',
  )
  const at20 = report.rates.find((figures) => figures.rate === 20)
  if (at20) {
    lines.push(
      `  at 20 writes/s: write p99 ${ms(at20.writeP99)} ms (target ≤ 100: ${mark(at20.writeP99 <= 100)}), ` +
        `change p99 ${ms(at20.changeP99)} ms (target ≤ 500: ${mark(at20.changeP99 <= 500)})`,
    )
  }
  if (report.rates.length > 0) {
    const knee = findKnee(report.rates)
    const highest = report.rates.at(-1)!.rate
    lines.push(
      `  knee (first rate with write p99 > ${KNEE_MS} ms): ${knee ? `${knee.rate} writes/s` : `none up to ${highest} writes/s`} ` +
        `(target ≥ 80: ${mark(knee ? knee.rate >= 80 : highest >= 80)})`,
    )
    const errors = report.rates.reduce((sum, figures) => sum + figures.errors, 0)
    const missed = report.rates.reduce((sum, figures) => sum + figures.missed, 0)
    lines.push(
      `  errors ${errors} (target 0: ${mark(errors === 0)}), missed documents ${missed} (target 0: ${mark(missed === 0)})`,
    )
  }
  if (report.idle) {
    const { idle } = report
    const growth = idle.idleMb - idle.baselineMb
    lines.push(
      '',
      `${idle.devices} devices idle (opened in ${fixed(idle.openSeconds, 1)} s): server RSS ` +
        `${fixed(idle.baselineMb, 0)} → ${fixed(idle.idleMb, 0)} MB, growth ${fixed(growth, 1)} MB ` +
        `(target ≤ 100 MB: ${mark(growth <= 100)})`,
      `  one write per organisation: change p50 / p99 ${ms(idle.figures.changeP50)} / ` +
        `${ms(idle.figures.changeP99)} ms over ${idle.figures.changeSamples} samples, ` +
        `pulls ${idle.figures.pulls}, errors ${idle.figures.errors} (${formatKinds(idle.figures) || 'none'}), ` +
        `missed ${idle.figures.missed}, sent again ${idle.figures.resent}`,
    )
  }
  if (report.restore) {
    const { figures, restoreSeconds, restoreStatus, restoreAnswer, uploadSeconds, fileMb } =
      report.restore
    lines.push(
      '',
      `restore beside: one organisation restores ${report.archive} (answer ${restoreStatus}` +
        `${restoreStatus === 200 ? '' : `: ${restoreAnswer}`}) in ${fixed(restoreSeconds, 1)} s ` +
        `(the ${fixed(fileMb, 0)} MB file sent in ${fixed(uploadSeconds, 1)} s), ` +
        `the others writing ${figures.rate} writes/s`,
      `  during the restore: ${figures.writes} writes, write p50 / p99 ${ms(figures.writeP50)} / ` +
        `${ms(figures.writeP99)} ms (target p99 ≤ 100: ${mark(figures.writeP99 <= 100)}), ` +
        `change p50 / p99 ${ms(figures.changeP50)} / ${ms(figures.changeP99)} ms ` +
        `(target p99 ≤ 500: ${mark(figures.changeP99 <= 500)})`,
      `  whole phase: pulls ${figures.pulls}, errors ${figures.errors} (${formatKinds(figures) || 'none'}), ` +
        `missed ${figures.missed}, sent again ${figures.resent}, cpu % server / generator / other ${formatCpu(figures)}`,
    )
  }
  const seconds = (value?: number) => (value === undefined ? '-' : `${fixed(value, 0)} s`)
  lines.push(
    '',
    `setup ${seconds(report.setupSeconds)}, measured phases ${seconds(report.runSeconds)}` +
      ` (the devices' first sync ${seconds(report.openSeconds)})`,
    '',
  )
  return lines.join('\n')
}
