import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// A share of a core for one process, as a container platform gives it (Kubernetes
// `cpu: 250m`, systemd `CPUQuota=25%`): a group of the kernel's CPU controller per process,
// its quota over its period. cgroup v1's `cpu` hierarchy when it can be written, else
// cgroup v2's `cpu.max` (on a v2 tree whose root offers the cpu controller). Groups are
// named after this process, so several benches on one machine do not meet.

const V1_ROOT = '/sys/fs/cgroup/cpu'
const V2_ROOTS = ['/sys/fs/cgroup/unified', '/sys/fs/cgroup']
const PERIOD_US = 100_000
/**
 * A group's weight, as this many ordinary processes: its quota given, not only capped
 * (Kubernetes' requests = limits). The platform's other work is within its requests; this
 * machine's other work (other engineers' test runs, 15 runnable processes on two cores)
 * is not, and at the default weight of one process took most of a quarter core from it.
 */
export const WEIGHT_IN_PROCESSES = 16

type Kind = 'cgroup v1' | 'cgroup v2'
type Controller = { kind: Kind; root: string }
/** Where the hierarchies are mounted; other places only in the tests of this module. */
export type CgroupRoots = { v1: string; v2: string[] }

/**
 * The quota from its setting (CLUSTER_BENCH_CPU_QUOTA): a share of one core, 0.25 when
 * unset. Refuses what a quota cannot be (the kernel takes at least 1 ms per period), so a
 * typing error never runs the bench uncapped.
 */
export function parseQuota(value: string | undefined) {
  if (value === undefined || value.trim() === '') return 0.25
  const cores = Number(value)
  if (!Number.isFinite(cores) || cores * PERIOD_US < 1000) {
    throw new Error(`CLUSTER_BENCH_CPU_QUOTA=${value}: a share of a core is expected, e.g. 0.25`)
  }
  return cores
}

/**
 * The group of the CPU controller a thread is in, from its /proc/<pid>/task/<tid>/cgroup:
 * v1's line naming the `cpu` controller (alone or with cpuacct), or v2's single `0::` line.
 */
export function readCpuGroup(text: string, kind: Kind) {
  for (const line of text.split('\n')) {
    const [id, controllers, ...rest] = line.split(':')
    if (rest.length === 0) continue
    const isCpu =
      kind === 'cgroup v1'
        ? controllers?.split(',').includes('cpu')
        : id === '0' && controllers === ''
    if (isCpu) return rest.join(':')
  }
  return undefined
}

/** A capped group for one process; see openCpuQuotas. */
export type CpuQuotaGroup = {
  name: string
  /** Moves the process (all its threads, and what it starts later) into the group. */
  add(pid: number): void
  /** The threads of the processes added, now, and how many of them are in the group. */
  countThreads(): { inside: number; total: number }
  /** Periods the kernel counted and those in which the quota held the group back. */
  readThrottling(): { periods: number; throttled: number }
}

function tryWrite(file: string, value: string) {
  try {
    writeFileSync(file, value)
    return true
  } catch {
    return false
  }
}

/** A controller this process can make groups in, or why none. */
function findController({ v1, v2 }: CgroupRoots): Controller | string {
  const probe = `centraal-probe-${process.pid}`
  const reasons: string[] = []
  if (existsSync(path.join(v1, 'cpu.cfs_quota_us'))) {
    const group = path.join(v1, probe)
    try {
      mkdirSync(group)
      const works = tryWrite(path.join(group, 'cpu.cfs_quota_us'), String(PERIOD_US / 4))
      rmdirSync(group)
      if (works) return { kind: 'cgroup v1', root: v1 }
      reasons.push(`${v1}: its quota cannot be written`)
    } catch (error) {
      reasons.push(`${v1}: ${(error as Error).message}`)
    }
  } else reasons.push(`no cgroup v1 cpu hierarchy at ${v1}`)
  for (const root of v2) {
    const controllers = path.join(root, 'cgroup.controllers')
    if (!existsSync(controllers)) continue
    if (!readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
      reasons.push(`${root}: cgroup v2 without the cpu controller (it is bound to v1)`)
      continue
    }
    tryWrite(path.join(root, 'cgroup.subtree_control'), '+cpu')
    const group = path.join(root, probe)
    try {
      mkdirSync(group)
      const works = tryWrite(path.join(group, 'cpu.max'), `${PERIOD_US / 4} ${PERIOD_US}`)
      rmdirSync(group)
      if (works) return { kind: 'cgroup v2', root }
      reasons.push(`${root}: cpu.max cannot be written`)
    } catch (error) {
      reasons.push(`${root}: ${(error as Error).message}`)
    }
  }
  return reasons.join('; ')
}

/**
 * Removes the groups of benches that ended without removing theirs (killed, or stopped
 * at a failure): named after a process that no longer runs, and holding no process.
 */
function removeLeftGroups(root: string) {
  for (const name of readdirSync(root)) {
    const owner = name.match(/^centraal-bench-(\d+)-/)?.[1]
    if (!owner || existsSync(`/proc/${owner}`)) continue
    const directory = path.join(root, name)
    try {
      if (readFileSync(path.join(directory, 'cgroup.procs'), 'utf8').trim() === '')
        rmdirSync(directory)
    } catch {
      // Another bench removed it first, or a process still in it: left as it is.
    }
  }
}

/**
 * Groups capped at `cores` of a core each (0.25: 25,000 µs in every 100,000), or the reason
 * none can be made here (not root, no writable CPU controller). `close` moves any process
 * left back to the root and removes the groups.
 */
export function openCpuQuotas(cores: number, roots: CgroupRoots = { v1: V1_ROOT, v2: V2_ROOTS }) {
  const controller = findController(roots)
  if (typeof controller === 'string') return { unavailable: controller } as const
  removeLeftGroups(controller.root)
  const quotaUs = Math.round(cores * PERIOD_US)
  const made: string[] = []
  let serial = 0
  const { kind, root } = controller
  const isV1 = kind === 'cgroup v1'

  /** `capped: false`: the weight without a quota (what measures, not what is measured). */
  function createGroup(name: string, { capped = true } = {}): CpuQuotaGroup {
    const directory = path.join(root, `centraal-bench-${process.pid}-${++serial}-${name}`)
    mkdirSync(directory)
    made.push(directory)
    if (isV1) {
      writeFileSync(path.join(directory, 'cpu.cfs_period_us'), String(PERIOD_US))
      writeFileSync(path.join(directory, 'cpu.cfs_quota_us'), String(capped ? quotaUs : -1))
      writeFileSync(path.join(directory, 'cpu.shares'), String(1024 * WEIGHT_IN_PROCESSES))
    } else {
      writeFileSync(path.join(directory, 'cpu.max'), `${capped ? quotaUs : 'max'} ${PERIOD_US}`)
      writeFileSync(path.join(directory, 'cpu.weight'), String(100 * WEIGHT_IN_PROCESSES))
    }
    const pids: number[] = []
    const relative = `/${path.basename(directory)}`
    const threadsOf = (pid: number) => {
      try {
        return readdirSync(`/proc/${pid}/task`)
      } catch {
        return [] // ended
      }
    }
    const isInside = (pid: number, tid: string) => {
      try {
        return (
          readCpuGroup(readFileSync(`/proc/${pid}/task/${tid}/cgroup`, 'utf8'), kind) === relative
        )
      } catch {
        return undefined // ended meanwhile
      }
    }
    return {
      name,
      add(pid) {
        pids.push(pid)
        // v1 and v2 both move every thread of the process and its later threads and
        // children with it; a thread v1 left behind (one made during the move) goes by
        // its own id, so that none works outside the quota.
        writeFileSync(path.join(directory, 'cgroup.procs'), String(pid))
        if (!isV1) return
        for (const tid of threadsOf(pid)) {
          if (isInside(pid, tid) === false) tryWrite(path.join(directory, 'tasks'), tid)
        }
      },
      countThreads() {
        let inside = 0
        let total = 0
        for (const pid of pids) {
          for (const tid of threadsOf(pid)) {
            const answer = isInside(pid, tid)
            if (answer === undefined) continue
            total++
            if (answer) inside++
          }
        }
        return { inside, total }
      },
      readThrottling() {
        const stat = readFileSync(path.join(directory, 'cpu.stat'), 'utf8')
        const field = (key: string) => Number(stat.match(new RegExp(`^${key} (\\d+)`, 'm'))?.[1])
        return { periods: field('nr_periods'), throttled: field('nr_throttled') }
      },
    }
  }

  return {
    kind,
    root,
    quotaUs,
    periodUs: PERIOD_US,
    createGroup,
    close() {
      for (const directory of made.splice(0)) {
        const procs = path.join(directory, 'cgroup.procs')
        if (!existsSync(procs)) continue
        for (const pid of readFileSync(procs, 'utf8').split('\n').filter(Boolean)) {
          tryWrite(path.join(root, 'cgroup.procs'), pid)
        }
        try {
          rmdirSync(directory)
        } catch (error) {
          console.warn(`could not remove ${directory}: ${(error as Error).message}`)
        }
      }
    },
  }
}

/** What openCpuQuotas resolves with when groups can be made. */
export type CpuQuotas = Exclude<ReturnType<typeof openCpuQuotas>, { unavailable: string }>
