import { startHaproxy } from './haproxy.ts'
import { startRedisServer } from './redis-server.ts'
import { startServerProcess } from './server-process.ts'

// Several server processes on one data directory sharing a Redis, with HAProxy in front
// (Debian's packages, the configuration of `npm run start:cluster`), as the benches and
// tests of several processes start them.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>

/**
 * `count` processes named node-1, node-2, … on `dataDir`, a Redis, and HAProxy in front.
 * `onSpawn`: called with each process's name and id as it starts (a CPU quota group).
 */
export async function startCluster(
  dataDir: string,
  count: number,
  options: { onSpawn?: (name: string, pid: number) => void } = {},
) {
  const redis = await startRedisServer()
  const processes = new Map<string, ServerProcess>()
  try {
    // One after the other: the first applies the migrations the others then find done.
    for (let number = 1; number <= count; number++) {
      const name = `node-${number}`
      const settings = { REDIS_URL: redis.url, NODE_ID: name, TRUST_PROXY: 'true' }
      const onSpawn = options.onSpawn && ((pid: number) => options.onSpawn?.(name, pid))
      processes.set(name, await startServerProcess(dataDir, { settings, onSpawn }))
    }
  } catch (error) {
    await Promise.all([...processes.values()].map((server) => server.close()))
    await redis.close()
    throw error
  }
  const haproxy = await startHaproxy([...processes].map(([name, { url }]) => ({ name, url })))
  return {
    url: haproxy.url,
    /** The processes still running, by name. */
    processes,
    /** HAProxy's counters per process (UP or DOWN, requests so far). */
    readServers: haproxy.readServers,
    /** Requests HAProxy sent to each process while `act` ran, by process name. */
    async countRouted(act: () => Promise<void>) {
      const before = await haproxy.readServers()
      await act()
      const after = await haproxy.readServers()
      return Object.fromEntries(
        [...after].map(([name, { requests }]) => [
          name,
          requests - (before.get(name)?.requests ?? 0),
        ]),
      )
    },
    /** Ends one process at once (SIGKILL), as a crash would; HAProxy moves its organisations. */
    async kill(name: string) {
      const server = processes.get(name)
      if (!server) throw new Error(`no process ${name}`)
      processes.delete(name)
      await server.kill()
    },
    async close() {
      await haproxy.close()
      await Promise.all([...processes.values()].map((server) => server.close()))
      await redis.close()
    },
  }
}

/** What startCluster resolves with. */
export type Cluster = Awaited<ReturnType<typeof startCluster>>
