import { afterEach, expect, test } from 'vitest'
import { CHAOS_PEOPLE, startConvergenceRun } from '../support/convergence-run.ts'
import { chooseSeed } from '../support/seeded-random.ts'

// The promise of replication (docs/architecture.md, Replication): writes made offline are never lost
// and never applied twice, and after any conflict every device and the server agree.
// Six devices of one organisation (central ADMIN, MANAGER, USER and a second MANAGER on
// app connections; a sales ADMIN and a sales MANAGER on projects, sellers, sales with
// their lines, and payment parts) run the product's replication against a server in its own process.
// A seeded schedule creates, edits and deletes shared and own documents, takes devices
// offline, and kills the server (SIGKILL) in the middle of a push; it restarts on the same
// data.

// Fixed seeds in `npm test` (repeatable): 22 and 55 are schedules that found bugs before.
// CONVERGENCE_SEED runs that one seed instead, to replay a failure or try another; the
// bench runs longer schedules over more seeds.
const SEEDS = process.env.CONVERGENCE_SEED
  ? [chooseSeed(process.env.CONVERGENCE_SEED)]
  : [20261122, 22, 55]

let run: Awaited<ReturnType<typeof startConvergenceRun>> | undefined
afterEach(async () => {
  await run?.close()
  run = undefined
})

test.each(SEEDS)(
  'six devices converge after offline writes and a server crash (seed %i)',
  async (seed) => {
    const started = performance.now()
    run = await startConvergenceRun({
      seed,
      people: CHAOS_PEOPLE,
      operationsPerDevice: 40,
      pauseMs: [20, 160],
      settleTimeoutMs: 30_000,
      // The product's own waits after a failure. CONVERGENCE_FAST_RETRY=1 makes them a
      // tenth as long (at most a second), which made a passed-over server state show in
      // about one run of 40 before it was fixed (decision 018).
      retryTiming: process.env.CONVERGENCE_FAST_RETRY
        ? { retryMs: 300, firstBackoffMs: 100, maxBackoffMs: 1000 }
        : undefined,
    })
    await run.playChaos()
    expect(run.crash.kills, `seed ${seed}`).toBe(1)

    const { seconds, busy } = await run.settle()
    const report = await run.inspect()
    const wallSeconds = (performance.now() - started) / 1000
    console.log(
      `convergence seed ${seed}: ${seconds.toFixed(1)} s to converge, ${wallSeconds.toFixed(1)} s in all`,
      report.figures,
      { pushesInFlightAtKill: run.crash.pushesInFlight },
    )

    // RxDB has nothing left to push or pull on any device.
    expect.soft(busy, `seed ${seed}: ${JSON.stringify(report.diagnostics)}`).toEqual([])
    // Everyone holds what the server holds: the fields people write, and those the server
    // sets (seq, paidAt, soldUnits, ...).
    expect
      .soft(report.mismatches, `seed ${seed}: ${JSON.stringify(report.replicationStates)}`)
      .toEqual([])
    expect.soft(report.staleServerFields, `seed ${seed}`).toEqual([])
    // Nothing written is lost: acknowledged creates, offline creates, a device's last edit.
    expect.soft(report.lostAcknowledged, `seed ${seed}`).toEqual([])
    expect.soft(report.lostCreates, `seed ${seed}`).toEqual([])
    expect.soft(report.lostWrites, `seed ${seed}`).toEqual([])
    // Nothing is applied twice: one row, one activity, one set of commission lines per create.
    expect.soft(report.duplicates, `seed ${seed}`).toEqual([])
    expect.soft(report.activityMismatches, `seed ${seed}`).toEqual([])
    expect.soft(report.commissionMismatches, `seed ${seed}`).toEqual([])
    // Refused are exactly the writes the person may not make and the edits that met a
    // delete (the person is told), and they left nothing behind.
    expect.soft(report.unexpectedRefusals, `seed ${seed}`).toEqual([])
    expect.soft(report.refusedButStored, `seed ${seed}`).toEqual([])
  },
  120_000,
)
