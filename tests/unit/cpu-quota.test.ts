import { type ChildProcess, spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { openCpuQuotas, parseQuota, readCpuGroup } from '../support/cpu-quota.ts'

// The CPU quota groups of cluster-load.bench.ts: the setting, which group a thread is in,
// the reason given where no group can be made, and (as root, where the kernel's CPU
// controller can be written) that every thread of a process lands in its group, those it
// had before the move and those it starts after.

const folder = mkdtempSync(path.join(tmpdir(), 'centraal-cpu-quota-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

test('the quota setting: a quarter core unless set; a share of a core, nothing else', () => {
  expect(parseQuota(undefined)).toBe(0.25)
  expect(parseQuota('')).toBe(0.25)
  expect(parseQuota('0.5')).toBe(0.5)
  expect(parseQuota('2')).toBe(2)
  for (const wrong of ['kwart', '0', '-0.25', '0.001', 'Infinity']) {
    expect(() => parseQuota(wrong), wrong).toThrow(/share of a core/)
  }
})

test("a thread's CPU group, from its cgroup file under v1 and under v2", () => {
  const v1 = ['9:name=systemd:/', '2:cpuacct:/', '1:cpu:/centraal-bench-7-1-alone', '0::/'].join(
    '\n',
  )
  expect(readCpuGroup(v1, 'cgroup v1')).toBe('/centraal-bench-7-1-alone')
  expect(readCpuGroup('4:cpu,cpuacct:/a:b\n', 'cgroup v1')).toBe('/a:b')
  expect(readCpuGroup('3:cpuset:/\n', 'cgroup v1')).toBeUndefined()
  expect(readCpuGroup(v1, 'cgroup v2')).toBe('/')
  expect(readCpuGroup('0::/centraal-bench-7-2-node-1\n', 'cgroup v2')).toBe(
    '/centraal-bench-7-2-node-1',
  )
})

describe('where no group can be made, the reason', () => {
  test('no hierarchy at all', () => {
    const opened = openCpuQuotas(0.25, { v1: path.join(folder, 'none'), v2: [] })
    expect(opened).toEqual({ unavailable: `no cgroup v1 cpu hierarchy at ${folder}/none` })
  })

  test('a v2 tree whose cpu controller is bound to v1', () => {
    const v2 = path.join(folder, 'unified')
    mkdirSync(v2)
    writeFileSync(path.join(v2, 'cgroup.controllers'), 'memory pids\n')
    const opened = openCpuQuotas(0.25, { v1: path.join(folder, 'none'), v2: [v2] })
    expect('unavailable' in opened && opened.unavailable).toMatch(
      `${v2}: cgroup v2 without the cpu controller`,
    )
  })
})

const quotas = openCpuQuotas(0.25)
const children: ChildProcess[] = []
afterAll(() => {
  for (const child of children) child.kill('SIGKILL')
})

/** A Node process that starts a worker thread when told, and says when it has. */
function startChild() {
  const child = spawn(process.execPath, [
    '-e',
    `const { Worker } = require('node:worker_threads')
     process.stdin.once('data', () => {
       new Worker('setInterval(() => {}, 1000)', { eval: true }).once('online', () => console.log('worker'))
     })
     console.log('ready')
     setInterval(() => {}, 1000)`,
  ])
  children.push(child)
  const said = (word: string) =>
    new Promise<void>((resolve) => {
      const listen = (chunk: Buffer) => {
        if (!chunk.toString().includes(word)) return
        child.stdout?.off('data', listen)
        resolve()
      }
      child.stdout?.on('data', listen)
    })
  return { child, pid: child.pid as number, said }
}

describe.skipIf('unavailable' in quotas)('as root, in the kernel CPU controller', () => {
  test('a group holds its quota and its weight; every thread, old and new, is in it; close removes it', async () => {
    if ('unavailable' in quotas) return
    const group = quotas.createGroup('unit')
    const directory = path.join(quotas.root, `centraal-bench-${process.pid}-1-unit`)
    if (quotas.kind === 'cgroup v1') {
      expect(readFileSync(path.join(directory, 'cpu.cfs_quota_us'), 'utf8').trim()).toBe('25000')
      expect(readFileSync(path.join(directory, 'cpu.cfs_period_us'), 'utf8').trim()).toBe('100000')
      expect(readFileSync(path.join(directory, 'cpu.shares'), 'utf8').trim()).toBe('16384')
    } else {
      expect(readFileSync(path.join(directory, 'cpu.max'), 'utf8').trim()).toBe('25000 100000')
      expect(readFileSync(path.join(directory, 'cpu.weight'), 'utf8').trim()).toBe('1600')
    }

    // Moved once it runs, with V8's and libuv's threads already made.
    const { pid, said, child } = startChild()
    await said('ready')
    const before = group.countThreads()
    expect(before).toEqual({ inside: 0, total: 0 })
    group.add(pid)
    const moved = group.countThreads()
    expect(moved.total).toBeGreaterThan(1)
    expect(moved.inside).toBe(moved.total)
    // A thread started after the move follows its process.
    const started = said('worker')
    child.stdin?.write('go\n')
    await started
    const after = group.countThreads()
    expect(after.total).toBeGreaterThan(moved.total)
    expect(after.inside).toBe(after.total)
    expect(group.readThrottling().periods).toBeGreaterThanOrEqual(0)

    quotas.close()
    expect(existsSync(directory)).toBe(false)
    expect(child.exitCode).toBeNull() // moved back to the root, not ended
  })

  test('an uncapped group: the weight, no quota', () => {
    if ('unavailable' in quotas) return
    quotas.createGroup('harness', { capped: false })
    const directory = path.join(quotas.root, `centraal-bench-${process.pid}-2-harness`)
    const read = (file: string) => readFileSync(path.join(directory, file), 'utf8').trim()
    if (quotas.kind === 'cgroup v1') {
      expect(read('cpu.cfs_quota_us')).toBe('-1')
      expect(read('cpu.shares')).toBe('16384')
    } else expect(read('cpu.max')).toBe('max 100000')
    quotas.close()
    expect(existsSync(directory)).toBe(false)
  })

  test('a group a killed bench left is removed by the next; a running one’s is not', () => {
    if ('unavailable' in quotas) return
    // No process has this id (above the kernel's highest, 2^22).
    const left = path.join(quotas.root, 'centraal-bench-99999999-1-alone')
    const running = path.join(quotas.root, `centraal-bench-${process.pid}-9-alone`)
    mkdirSync(left)
    mkdirSync(running)
    try {
      const next = openCpuQuotas(0.25)
      expect(existsSync(left)).toBe(false)
      expect(existsSync(running)).toBe(true)
      if (!('unavailable' in next)) next.close()
    } finally {
      for (const directory of [left, running]) if (existsSync(directory)) rmdirSync(directory)
    }
  })
})
