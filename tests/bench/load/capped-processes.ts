import { availableParallelism } from 'node:os'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import type { Cluster } from '../../support/cluster.ts'
import type { CpuQuotaGroup } from '../../support/cpu-quota.ts'
import { readMachineCpuSeconds } from './processor-use.ts'

// The parts of cluster-load.bench.ts about capped processes: where HAProxy places each
// organisation, and each process's processor use over a run beside its quota.

/** A server process under a quota: its processor time so far and its group's throttling. */
export type CappedProcess = {
  name: string
  cpuSeconds(): number
  group: CpuQuotaGroup
}

/** One process's use over one run. */
export type ProcessUse = {
  name: string
  cpuSeconds: number
  /** Its processor time over the run's, in % of one core. */
  cpuPercent: number
  /** Share of the kernel's periods in which the quota held it back, in %. */
  throttledPercent: number
}

/**
 * The process HAProxy sends each organisation to: one request per organisation with its
 * routing cookie, and the process whose request counter moved. One at a time, so no
 * other request of the bench counts (the health checks are not counted as requests).
 */
export async function findPlacement(cluster: Cluster, organisationIds: string[]) {
  const placement = new Map<string, string>()
  for (const id of organisationIds) {
    const before = await cluster.readServers()
    const answer = await fetch(`${cluster.url}/api/health`, {
      headers: { cookie: `${ROUTING_COOKIE}=${getOrganisationRoute(id)}` },
    })
    await answer.arrayBuffer()
    const after = await cluster.readServers()
    const moved = [...after].find(
      ([name, { requests }]) => requests > (before.get(name)?.requests ?? 0),
    )
    if (!moved) throw new Error(`no process answered for ${id}`)
    placement.set(id, moved[0])
  }
  return placement
}

/**
 * As many organisations from each process as the one that got fewest: the same load on
 * every process, as a placement map would give it (HAProxy's consistent hash of a few
 * routes is uneven: 10 organisations went 2 / 4 / 4).
 */
export function chooseEvenly(placement: Map<string, string>, processes: string[]) {
  const byProcess = processes.map((name) =>
    [...placement].filter(([, process]) => process === name).map(([id]) => id),
  )
  const each = Math.min(...byProcess.map((ids) => ids.length))
  return { each, ids: byProcess.flatMap((ids) => ids.slice(0, each)) }
}

/**
 * Runs `act` and returns each process's processor use over it (from /proc/<pid>/stat,
 * every thread of the process), its group's throttled periods, and the whole machine's
 * processor use and idle time (/proc/stat; % of one core): what the shared machine left.
 */
export async function measureUse<Answer>(processes: CappedProcess[], act: () => Promise<Answer>) {
  const before = processes.map((process) => ({
    cpu: process.cpuSeconds(),
    ...process.group.readThrottling(),
  }))
  const machineBefore = readMachineCpuSeconds()
  const started = performance.now()
  const answer = await act()
  const seconds = (performance.now() - started) / 1000
  const machinePercent = ((readMachineCpuSeconds() - machineBefore) / seconds) * 100
  const uses = processes.map((process, index): ProcessUse => {
    const after = process.group.readThrottling()
    const start = before[index]!
    const periods = after.periods - start.periods
    const cpuSeconds = process.cpuSeconds() - start.cpu
    return {
      name: process.name,
      cpuSeconds,
      cpuPercent: (cpuSeconds / seconds) * 100,
      throttledPercent: periods > 0 ? ((after.throttled - start.throttled) / periods) * 100 : 0,
    }
  })
  const idlePercent = Math.max(0, availableParallelism() * 100 - machinePercent)
  return { answer, uses, seconds, machinePercent, idlePercent }
}
