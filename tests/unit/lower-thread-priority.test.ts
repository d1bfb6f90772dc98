import { readlinkSync } from 'node:fs'
import { getPriority } from 'node:os'
import { Worker } from 'node:worker_threads'
import { expect, test } from 'vitest'
import { HEAVY_WORK_NICE } from '../../server/workers/lower-thread-priority.ts'

const isLinux = process.platform === 'linux'

/** Runs lowerThreadPriority in a worker thread of its own, as the heavy worker does. */
function lowerInWorker() {
  const module = new URL('../../server/workers/lower-thread-priority.ts', import.meta.url).href
  const worker = new Worker(
    `import { register } from 'tsx/esm/api'
     import { parentPort } from 'node:worker_threads'
     register()
     const { lowerThreadPriority } = await import(${JSON.stringify(module)})
     parentPort.postMessage(lowerThreadPriority())`,
    { eval: true },
  )
  return new Promise<number | undefined>((resolve, reject) => {
    worker.once('message', (nice: number | undefined) => {
      void worker.terminate()
      resolve(nice)
    })
    worker.once('error', reject)
  })
}

test.runIf(isLinux)(
  'a heavy job thread runs niced, the request thread keeps its priority',
  async () => {
    const mainThread = Number(readlinkSync('/proc/thread-self').split('/').at(-1))
    const before = getPriority(mainThread)

    const nice = await lowerInWorker()

    expect(nice).toBe(Math.max(before, HEAVY_WORK_NICE))
    expect(getPriority(mainThread)).toBe(before)
    expect(getPriority()).toBe(before)
  },
)
