import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { RetryTiming } from '#sync/client/retry-backoff'
import {
  type CollectionState,
  createLedger,
  type DeviceContext,
  playDevice,
} from './convergence-chaos.ts'
import { findLedgerViolations, findMismatches, pullEverything } from './convergence-checks.ts'
import { type PersonSpec, setUpOrganisation } from './convergence-organisation.ts'
import { countEditsOfDeleted } from './convergence-refusals.ts'
import { createSeededRandom } from './seeded-random.ts'
import { startServerProcess } from './server-process.ts'
import {
  AREA_COLLECTIONS,
  installOnlineEvents,
  openNodeSyncClient,
  RXDB_OPEN_COLLECTION_LIMIT,
} from './sync-node-client.ts'
import { trace } from './sync-trace.ts'

// A convergence run: devices of one organisation replicate with a server in its own
// process while a seeded schedule writes, drops their network and kills the server in
// the middle of a push; then everyone comes back and the result is inspected.

export type ConvergenceSettings = {
  seed: number
  people: readonly PersonSpec[]
  operationsPerDevice: number
  /** Pause between two operations of a device, ms (drawn between the two). */
  pauseMs: readonly [number, number]
  /** How long a device stays offline when it loses the network, ms (drawn between the two). */
  offlineMs?: readonly [number, number]
  /** The longest wait for the devices to agree at the end. */
  settleTimeoutMs: number
  /** A fixed port for the server, kept across the restart (a browser page can follow). */
  port?: number
  /** The devices' waits after a failed call (the product's unless given). */
  retryTiming?: RetryTiming
  /**
   * Starts what serves the organisation once it is set up in `dataDir` (one server
   * process, restarted after its crash, unless given: several behind HAProxy, say).
   */
  startServers?: (dataDir: string) => Promise<ConvergenceServers>
}

/** What the devices reach, and what a crash does to it. */
/**
 * The chaos test's devices, used by the convergence test and the failover bench. RxDB opens
 * 13 collections per process without a licence: the central devices replicate app
 * connections, the sales ADMIN all five sales collections, the sales MANAGER all but the
 * payment parts.
 */
const SALES_WRITTEN = ['projects', 'sellers', 'sales', 'commissionPayments']

export const CHAOS_PEOPLE: readonly PersonSpec[] = [
  { area: 'central', role: 'ADMIN', collections: ['appConnections'] },
  { area: 'central', role: 'MANAGER', collections: ['appConnections'] },
  { area: 'central', role: 'USER', collections: ['appConnections'] },
  { area: 'central', role: 'MANAGER', collections: ['appConnections'] },
  // The plans' four read-only collections are left out: every device shares RxDB's limit of
  // open collections, and plans have their own convergence test (tests/api/plans-sync.test.ts).
  { area: 'sales', role: 'ADMIN', collections: SALES_WRITTEN },
  { area: 'sales', role: 'MANAGER', collections: SALES_WRITTEN },
]

export type ConvergenceServers = {
  /** Where the devices and the checks send their requests now. */
  url(): string
  /** Kills (SIGKILL) what serves the organisation; resolves once it is served again or will be. */
  crash(downMs: number): Promise<void>
  /**
   * Whether the devices are told to RESYNC after the crash, as a restarted server's
   * first stream message would; otherwise their streams find the way back themselves.
   */
  isResyncedAfterCrash: boolean
  close(): Promise<void>
}

/** One server process on `dataDir`; a crash kills it and starts another on the same data. */
async function startRestartedServer(dataDir: string, port?: number): Promise<ConvergenceServers> {
  let server = await startServerProcess(dataDir, { port })
  let isUp = true
  return {
    url: () => server.url,
    async crash(downMs) {
      isUp = false
      await server.kill()
      // How long the server stays down is the scenario's, not a wait for a state.
      await sleep(downMs)
      server = await startServerProcess(dataDir, { port })
      isUp = true
    },
    isResyncedAfterCrash: true,
    close: async () => {
      if (isUp) await server.close()
    },
  }
}

/** What the checks read from the server, as an ADMIN of each area. */
const SERVER_VIEW = {
  central: ['appConnections', 'activities'],
  sales: ['projects', 'sellers', 'sales', 'commissions', 'commissionPayments'],
} as const

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

/** Sets up the organisation, starts the server process and opens a device per person. */
export async function startConvergenceRun(settings: ConvergenceSettings) {
  const collections = settings.people.reduce(
    (sum, person) => sum + (person.collections ?? AREA_COLLECTIONS[person.area]).length,
    0,
  )
  if (collections > RXDB_OPEN_COLLECTION_LIMIT) {
    throw new Error(`${collections} collections: RxDB opens ${RXDB_OPEN_COLLECTION_LIMIT} at most`)
  }
  const random = createSeededRandom(settings.seed)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-convergence-'))
  const { people, shared } = await setUpOrganisation(dataDir, settings.people)
  const servers = await (settings.startServers?.(dataDir) ??
    startRestartedServer(dataDir, settings.port))
  const online = installOnlineEvents()
  const ledger = createLedger()
  const crash = {
    isArmed: false,
    kills: 0,
    pushesInFlight: 0,
    downMs: 0,
    /** When the kill was sent (epoch ms). */
    killedAt: 0,
    done: Promise.resolve(),
  }

  // A device that fails to open must not leave the server process behind.
  const devices = await openDevices().catch(async (error: unknown) => {
    await servers.close()
    online.uninstall()
    rmSync(dataDir, { recursive: true, force: true })
    throw error
  })
  function openDevices() {
    return Promise.all(
      people.map((person) =>
        openNodeSyncClient({
          name: person.name,
          area: person.area,
          remotes: person.collections,
          account: person.account,
          cookies: person.cookies,
          origin: () => servers.url(),
          onPushSent() {
            if (!crash.isArmed) return
            crash.isArmed = false
            crash.done = killAndRestart(random.between(0, 4), random.between(300, 1500))
          },
          onOnline: () => online.dispatchOnline(),
          // The server's own event stream tells every device of each change, with its documents.
          stream: 'server',
          retryTiming: settings.retryTiming,
        }),
      ),
    )
  }

  /** SIGKILL a moment after a push left; the same data serves the organisation again. */
  async function killAndRestart(afterMs: number, downMs: number) {
    // When the kill comes is the scenario's (from the run's seed), not a wait for a state.
    await sleep(afterMs)
    crash.pushesInFlight = devices.reduce((sum, device) => sum + device.network.pushesInFlight, 0)
    trace('server', { kill: true })
    crash.killedAt = Date.now()
    crash.kills++
    crash.downMs = downMs
    await servers.crash(downMs)
    trace('server', { restarted: true })
    if (!servers.isResyncedAfterCrash) return
    // Each device's event stream reconnects, and the server's first message is RESYNC.
    for (const device of devices) if (!device.network.isOffline) device.resync()
  }

  const offlineTimers = new Set<ReturnType<typeof setTimeout>>()
  let offlinePeriods = 0

  const contextOf = (index: number): DeviceContext => {
    const device = devices[index]!
    let written = 0
    return {
      device,
      person: people[index]!,
      random: random.fork(),
      shared,
      ledger,
      nextToken: () => `c${index}-${written++}`,
      offlineMs: settings.offlineMs ?? [200, 1500],
      goOffline(durationMs) {
        if (device.network.isOffline) return
        offlinePeriods++
        device.setOffline(true)
        const timer = setTimeout(() => {
          offlineTimers.delete(timer)
          device.setOffline(false)
        }, durationMs)
        offlineTimers.add(timer)
      },
    }
  }

  /** The replications (device/collection) RxDB does not call in sync before the deadline. */
  const awaitInSync = async (deadline: number) => {
    const busy: string[] = []
    await Promise.all(
      devices.flatMap((device) =>
        [...device.replications].map(async ([remote, replication]) => {
          const left = Math.max(deadline - performance.now(), 1)
          const isInSync = await within(replication.awaitInSync(), left, remote).catch(() => false)
          if (!isInSync) busy.push(`${device.name}/${remote}`)
        }),
      ),
    )
    return busy
  }

  const readServer = async () => {
    const state = new Map<string, CollectionState>()
    for (const area of ['central', 'sales'] as const) {
      const admin = people.find((person) => person.area === area && person.role === 'ADMIN')
      if (!admin) continue
      for (const remote of SERVER_VIEW[area]) {
        state.set(remote, await pullEverything(servers.url(), admin.cookies, remote))
      }
    }
    return state
  }

  return {
    devices,
    people,
    ledger,
    crash,
    /** The server's address now (the same after a restart when `port` was given). */
    url: () => servers.url(),

    /**
     * Every device plays its operations at once; when half or so of all are done, the
     * next push that leaves a device is met by a SIGKILL of the server, which comes back
     * on the same data a moment later.
     */
    async playChaos() {
      const total = devices.length * settings.operationsPerDevice
      const crashAt = Math.floor(total * (0.3 + random.next() * 0.3))
      let played = 0
      const onOperation = () => {
        if (++played === crashAt) crash.isArmed = true
      }
      // Forks are drawn before the devices start, so each device's schedule is the seed's.
      const contexts = devices.map((_, index) => contextOf(index))
      await Promise.all(
        contexts.map((context) =>
          playDevice(context, settings.operationsPerDevice, settings.pauseMs, onOperation),
        ),
      )
      if (crash.isArmed) {
        // No push left after the mark (all devices idle): the crash comes without one.
        crash.isArmed = false
        crash.done = killAndRestart(0, 300)
      }
      await crash.done
    },

    /**
     * Everyone online; then, round after round, wait until RxDB has nothing to push or
     * pull, make every device pull again, and stop once two rounds in a row find the same
     * on the server and the same disagreements (none, when all is well), or the time is up.
     * Returns the seconds that took and the replications still busy (none when settled).
     */
    async settle() {
      const started = performance.now()
      for (const timer of offlineTimers) clearTimeout(timer)
      for (const device of devices) device.setOffline(false)
      const deadline = started + settings.settleTimeoutMs
      let previous = ''
      let busy: string[] = []
      for (;;) {
        busy = await awaitInSync(deadline)
        for (const device of devices) device.resync()
        busy = [...busy, ...(await awaitInSync(deadline))]
        const server = await readServer()
        const mismatches = await findMismatches(devices, server)
        const digest = JSON.stringify([[...server.values()].map((docs) => [...docs]), mismatches])
        // Stable: two rounds in a row saw the same server and the same disagreements.
        if (busy.length === 0 && digest === previous) break
        if (performance.now() > deadline) break
        previous = digest
        // The interval between two rounds of the loop, which waits for a stable state.
        await sleep(200)
      }
      return { seconds: (performance.now() - started) / 1000, busy: [...new Set(busy)] }
    },

    /** The server's state and every way it disagrees with the devices or the ledger. */
    async inspect() {
      const server = await readServer()
      const live = (remote: string) =>
        [...(server.get(remote)?.values() ?? [])].filter((document) => !document._deleted).length
      const answered = devices.flatMap((device) => device.pushes)
      const refusals = devices.reduce((sum, device) => sum + device.refusals.length, 0)
      const mismatches = await findMismatches(devices, server)
      return {
        mismatches: mismatches.filter((mismatch) => mismatch.isWritable),
        /** What RxDB holds for each mismatched document: it tells a skipped pull from a lost one. */
        replicationStates: await Promise.all(
          mismatches.map((mismatch) => {
            const device = devices.find((candidate) => candidate.name === mismatch.device)
            return device?.describeReplicationOf(mismatch.remote, mismatch.id)
          }),
        ),
        staleServerFields: mismatches.filter((mismatch) => !mismatch.isWritable),
        ...findLedgerViolations(ledger, devices, server),
        figures: {
          documents: Object.fromEntries([...server.keys()].map((remote) => [remote, live(remote)])),
          pushes: answered.length,
          conflicts: answered.reduce(
            (sum, push) => sum + push.answer.conflicts.length - push.answer.refused.length,
            0,
          ),
          refusals,
          /** Edits refused because the document was deleted meanwhile (expected). */
          editsOfDeleted: countEditsOfDeleted(ledger, devices, server),
          failedCalls: devices.reduce((sum, device) => sum + device.network.failedCalls, 0),
          /** Pulls the devices made. */
          pulls: devices.reduce((sum, device) => sum + device.network.pulls, 0),
          /** Times a device lost the network during the chaos (the crash not counted). */
          offlinePeriods,
          operations: ledger.operations,
        },
        /** Per device: what its sync status says and how often a call failed. */
        diagnostics: devices.map((device) => ({
          device: device.name,
          problem: device.status.get().problem,
          trouble: device.status.get().trouble,
          replicationErrors: device.errors.length,
          lastError: device.errors.at(-1)?.message.slice(0, 300),
        })),
      }
    },

    async close() {
      for (const timer of offlineTimers) clearTimeout(timer)
      await crash.done.catch(() => undefined)
      await Promise.all(devices.map((device) => device.close()))
      online.uninstall()
      await servers.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** What a run left over, by name (the target is none of each): from settle() and inspect(). */
export function countLeftOver(
  busy: string[],
  report: Awaited<ReturnType<Awaited<ReturnType<typeof startConvergenceRun>>['inspect']>>,
): Record<string, number> {
  return {
    'busy replications': busy.length,
    mismatches: report.mismatches.length,
    'stale server fields': report.staleServerFields.length,
    'lost acknowledged creates': report.lostAcknowledged.length,
    'lost creates': report.lostCreates.length,
    'lost writes': report.lostWrites.length,
    duplicates: report.duplicates.length,
    'activity mismatches': report.activityMismatches.length,
    'commission mismatches': report.commissionMismatches.length,
    'unexpected refusals': report.unexpectedRefusals.length,
    'refused but stored': report.refusedButStored.length,
  }
}
