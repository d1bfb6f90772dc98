import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { inject } from 'vitest'
import { startHaproxy } from './haproxy.ts'
import { startRedisServer } from './redis-server.ts'
import { startServerProcess } from './server-process.ts'
import { createTestDatabase } from './test-server.ts'

// Two "machines" on this one (README, Two machines): each a server process with a data
// directory of its own for the organisation files, both on one system file (SYSTEM_DIR)
// and, in the `server-postgres` project, one PostgreSQL database for the system directory
// (DATABASE_URL); one Redis, HAProxy in front routing each organisation to its machine by
// the placements map. Machine `a` is the home machine.

type ServerProcess = Awaited<ReturnType<typeof startServerProcess>>
export const MACHINE_NAMES = ['a', 'b'] as const
export type MachineName = (typeof MACHINE_NAMES)[number]

export async function startMachines() {
  const root = mkdtempSync(path.join(tmpdir(), 'centraal-machines-'))
  const systemDir = path.join(root, 'system')
  const dataDirOf = (machine: MachineName) => path.join(root, `machine-${machine}`)
  mkdirSync(systemDir)
  const postgresUrl = inject('postgresUrl')
  const databaseUrl = postgresUrl ? await createTestDatabase(postgresUrl) : undefined
  const redis = await startRedisServer()
  const processes = new Map<MachineName, ServerProcess>()
  const settingsOf = (machine: MachineName) => ({
    REDIS_URL: redis.url,
    NODE_ID: `${machine}-1`,
    TRUST_PROXY: 'true',
    SYSTEM_DIR: systemDir,
    MACHINE: machine,
    HOME_MACHINE: 'a',
    // The automatic backups follow a move within a moment, and say so in the info log.
    BACKUP_HELD_CHECK_SECONDS: '0.2',
    LOG_LEVEL: 'info',
    ...(databaseUrl && { DATABASE_URL: databaseUrl }),
  })
  try {
    // The home machine first: it applies the system migrations and makes the platform.
    for (const machine of MACHINE_NAMES) {
      mkdirSync(dataDirOf(machine))
      const settings = settingsOf(machine)
      processes.set(machine, await startServerProcess(dataDirOf(machine), { settings }))
    }
  } catch (error) {
    await Promise.all([...processes.values()].map((server) => server.close()))
    await redis.close()
    throw error
  }
  const asHaproxy = (machine: MachineName) => ({
    name: `${machine}-1`,
    url: processes.get(machine)?.url ?? '',
  })
  const haproxy = await startHaproxy([asHaproxy('a')], {
    machines: MACHINE_NAMES.map((name) => ({ name, processes: [asHaproxy(name)] })),
  })
  // What `npm run organisation:move` reads (MACHINES_FILE).
  const machines = {
    home: 'a',
    machines: Object.fromEntries(MACHINE_NAMES.map((name) => [name, { dataDir: dataDirOf(name) }])),
    haproxy: { socket: haproxy.statsSocket, mapFile: haproxy.mapFile },
  }
  const machinesFile = path.join(root, 'machines.json')
  writeFileSync(machinesFile, JSON.stringify(machines))
  return {
    url: haproxy.url,
    systemDir,
    /** The system directory's PostgreSQL database (`server-postgres`), else undefined. */
    databaseUrl,
    dataDirOf,
    machines,
    machinesFile,
    /** The process of each machine (its own URL, bypassing HAProxy). */
    processOf: (machine: MachineName) => processes.get(machine) as ServerProcess,
    /** Requests HAProxy sent to each machine's backend while `act` ran. */
    async countRouted(act: () => Promise<void>) {
      const read = async () =>
        Object.fromEntries(
          await Promise.all(
            MACHINE_NAMES.map(async (name) => {
              const servers = await haproxy.readServers(`machine_${name}`)
              return [name, [...servers.values()].reduce((sum, { requests }) => sum + requests, 0)]
            }),
          ),
        ) as Record<MachineName, number>
      const before = await read()
      await act()
      const after = await read()
      return { a: after.a - before.a, b: after.b - before.b }
    },
    async close() {
      await haproxy.close()
      await Promise.all([...processes.values()].map((server) => server.close()))
      await redis.close()
      rmSync(root, { recursive: true, force: true })
    },
  }
}
