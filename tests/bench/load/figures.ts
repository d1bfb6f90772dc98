import type { Device } from './device.ts'
import type { LoadFigures } from './messages.ts'
import type { Write } from './writers.ts'

/** Items grouped by organisation (Map.groupBy is not in Node 20). */
function byOrganisationOf<Item extends { organisationId: string }>(items: Item[]) {
  const groups = new Map<string, Item[]>()
  for (const item of items) {
    const group = groups.get(item.organisationId) ?? []
    group.push(item)
    groups.set(item.organisationId, group)
  }
  return groups
}

/** Nearest-rank percentile of unsorted samples; NaN without samples. */
export function percentile(samples: number[], p: number) {
  if (samples.length === 0) return Number.NaN
  const sorted = [...samples].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

/** Where a processor-use measurement starts. */
export const startCpu = () => ({ usage: process.cpuUsage(), at: performance.now() })

/** This process's processor use since `from`, in % of one core. */
function cpuPercentSince(from: ReturnType<typeof startCpu>) {
  const used = process.cpuUsage(from.usage)
  return ((used.user + used.system) / 1000 / (performance.now() - from.at)) * 100
}

/** Sum of one counter over the devices. */
export function countAll(devices: Device[], counter: 'pulls' | 'errors' | 'changeMessages') {
  return devices.reduce((sum, device) => sum + device[counter], 0)
}

/** The devices' errors by kind, summed. */
export function countErrorKinds(devices: Device[]) {
  const kinds: Record<string, number> = {}
  for (const device of devices) {
    for (const [kind, count] of device.errorKinds) kinds[kind] = (kinds[kind] ?? 0) + count
  }
  return kinds
}

/** What `to` counted beyond `from`, kind by kind. */
export function subtractKinds(to: Record<string, number>, from: Record<string, number>) {
  return Object.fromEntries(
    Object.entries(to)
      .map(([kind, count]) => [kind, count - (from[kind] ?? 0)] as const)
      .filter(([, count]) => count > 0),
  )
}

/**
 * The figures of one run. `measured` are the writes whose samples count; `written` every
 * write of the run (warm-up too), which every device of its organisation must hold.
 */
export function summarise(input: {
  rate: number
  seconds: number
  measured: Write[]
  written: Write[]
  devices: Device[]
  pulls: number
  changeMessages: number
  deviceErrorKinds: Record<string, number>
  resent: number
  /** process.cpuUsage() and performance.now() at the run's start. */
  cpuFrom: { usage: NodeJS.CpuUsage; at: number }
}): LoadFigures {
  const byOrganisation = byOrganisationOf(input.devices)
  const succeeded = input.measured.filter((write) => write.id !== undefined)
  const changes: number[] = []
  for (const write of succeeded) {
    for (const device of byOrganisation.get(write.organisationId) ?? []) {
      const seenAt = device.seenAt.get(write.id!)
      if (seenAt !== undefined) changes.push(seenAt - write.startedAt)
    }
  }
  let missed = 0
  for (const write of input.written) {
    if (write.id === undefined) continue
    for (const device of byOrganisation.get(write.organisationId) ?? []) {
      if (!device.sales.has(write.id)) missed++
    }
  }
  const durations = succeeded.map((write) => write.durationMs)
  const errorKinds = { ...input.deviceErrorKinds }
  for (const { failure } of input.written) {
    if (failure) errorKinds[failure] = (errorKinds[failure] ?? 0) + 1
  }
  return {
    rate: input.rate,
    achievedRate: input.measured.length / input.seconds,
    writes: input.measured.length,
    writeP50: percentile(durations, 50),
    writeP99: percentile(durations, 99),
    changeSamples: changes.length,
    changeP50: percentile(changes, 50),
    changeP99: percentile(changes, 99),
    pulls: input.pulls,
    changeMessages: input.changeMessages,
    errors: Object.values(errorKinds).reduce((sum, count) => sum + count, 0),
    errorKinds,
    resent: input.resent,
    missed,
    devices: input.devices.length,
    generatorCpuPercent: cpuPercentSince(input.cpuFrom),
  }
}

/** Waits until every device holds every written sale of its organisation and pulls no more. */
export async function waitForDevices(devices: Device[], written: Write[], timeoutMs: number) {
  const byOrganisation = byOrganisationOf(written)
  const isDone = () =>
    devices.every(
      (device) =>
        device.isIdle &&
        (byOrganisation.get(device.organisationId) ?? []).every(
          (write) => write.id === undefined || device.sales.has(write.id),
        ),
    )
  const until = performance.now() + timeoutMs
  while (!isDone() && performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
