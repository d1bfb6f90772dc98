import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import type { Cluster } from '../../support/cluster.ts'
import type { CpuQuotaGroup } from '../../support/cpu-quota.ts'
import { fixed } from './load-report.ts'

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
  cpuPercent: number
  /** Share of the kernel's periods in which the quota held it back, in %. */
  throttledPercent: number
  /** Writes of the organisations it serves (round-robin: its share of the writes). */
  writes: number
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
 * every thread of the process) and its group's throttled periods.
 */
export async function measureUse<Answer>(processes: CappedProcess[], act: () => Promise<Answer>) {
  const before = processes.map((process) => ({
    cpu: process.cpuSeconds(),
    ...process.group.readThrottling(),
  }))
  const started = performance.now()
  const answer = await act()
  const seconds = (performance.now() - started) / 1000
  const uses = processes.map((process, index) => {
    const after = process.group.readThrottling()
    const start = before[index]!
    const periods = after.periods - start.periods
    return {
      name: process.name,
      cpuSeconds: process.cpuSeconds() - start.cpu,
      cpuPercent: ((process.cpuSeconds() - start.cpu) / seconds) * 100,
      throttledPercent: periods > 0 ? ((after.throttled - start.throttled) / periods) * 100 : 0,
    }
  })
  return { answer, uses, seconds }
}

/** "node-1 24.9 % (held back in 83 % of periods)" per process, beside the quota. */
export function formatUses(uses: { name: string; cpuPercent: number; throttledPercent: number }[]) {
  return uses
    .map(
      (use) =>
        `${use.name} ${fixed(use.cpuPercent, 1)} % (held back in ${fixed(use.throttledPercent, 0)} % of periods)`,
    )
    .join(', ')
}
