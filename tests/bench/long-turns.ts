import { Session } from 'node:inspector/promises'
import { monitorEventLoopDelay } from 'node:perf_hooks'

// What holds this thread's event loop while something runs: the loop's delay (perf_hooks)
// and, from a CPU profile of the thread (node:inspector), each long stretch of busy
// samples with the functions that spent it. For benches whose server shares the bench's
// thread, so the profile sees the server's request handling.

type Frame = { functionName: string; url: string; lineNumber: number }
type ProfileNode = { id: number; callFrame: Frame; children?: number[] }
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }

/** A stretch shorter than this is not listed. */
const LONG_MS = 40
const TOP = 4

const IDLE = new Set(['(idle)', '(program)'])

const describe = (frame: Frame) => {
  const file = frame.url.replace(/^.*\/(server|schema|node_modules)\//, '$1/')
  return `${frame.functionName || '(anonymous)'} ${file}:${frame.lineNumber + 1}`
}

/** The nearest caller in the project's code (server/ or schema/), for a native frame. */
function ownCaller(id: number, parents: Map<number, ProfileNode>) {
  for (let node = parents.get(id); node; node = parents.get(node.id)) {
    if (/\/(server|schema)\//.test(node.callFrame.url)) return describe(node.callFrame)
  }
  return ''
}

/** Each busy stretch of at least LONG_MS: its length and where its time went. */
export function findLongTurns(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parents = new Map<number, ProfileNode>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parents.set(child, node)
  }
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  const turns: { ms: number; where: string }[] = []
  let spent = new Map<string, number>()
  let length = 0
  const close = () => {
    if (length / 1000 >= LONG_MS) {
      const where = [...spent]
        .sort((a, b) => b[1] - a[1])
        .slice(0, TOP)
        .map(([name, us]) => `${(us / 1000).toFixed(0)} ms ${name}`)
        .join('; ')
      turns.push({ ms: length / 1000, where })
    }
    spent = new Map()
    length = 0
  }
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] ?? -1)
    const us = deltas[index + 1] ?? 0
    if (!node || IDLE.has(node.callFrame.functionName)) {
      close()
      continue
    }
    const own = /\/(server|schema)\//.test(node.callFrame.url)
    const name = own
      ? describe(node.callFrame)
      : `${describe(node.callFrame)} ← ${ownCaller(node.id, parents)}`
    spent.set(name, (spent.get(name) ?? 0) + us)
    length += us
  }
  close()
  return turns.sort((a, b) => b.ms - a.ms)
}

/** Starts watching this thread; `stop()` answers the loop delay and the long turns. */
export async function watchThread() {
  const delay = monitorEventLoopDelay({ resolution: 5 })
  delay.enable()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.setSamplingInterval', { interval: 1000 })
  await session.post('Profiler.start')
  return {
    async stop() {
      delay.disable()
      const { profile } = (await session.post('Profiler.stop')) as { profile: Profile }
      session.disconnect()
      const turns = findLongTurns(profile)
      return {
        delayMaxMs: delay.max / 1e6,
        delayP99Ms: delay.percentile(99) / 1e6,
        turns,
      }
    },
  }
}
