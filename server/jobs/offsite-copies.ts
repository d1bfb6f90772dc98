import { rm } from 'node:fs/promises'
import { organisations } from '#schema/db/system'
import type { SystemDb } from '../db/system-db.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { createCopyStore, readCopySettings } from '../services/offsite-copies/copy-store.ts'
import type { HeavyWorkPool } from '../workers/heavy-work-pool.ts'
import type { JobGate } from './job-gate.ts'

type Deps = {
  env: Env
  systemDb: SystemDb
  log: Logger
  heavyWorkPool: Pick<HeavyWorkPool, 'snapshotOrganisation'>
  jobs: JobGate
}

/**
 * Copies every organisation's file to S3 (S3_COPY_BUCKET) at start and then each
 * S3_COPY_INTERVAL_SECONDS after the previous round ended, one organisation at a time:
 * the file is copied by SQLite's online backup in the heavy-work worker, uploaded from a
 * temporary file, and the organisation's copies past S3_COPY_KEEP are deleted (only after
 * its new copy landed). A failure is logged when an organisation's copies start failing
 * and when they work again, not at every round in between; the next round retries it.
 * Nothing here answers a request. Returns undefined when copies are off.
 *
 * Several processes with the same settings each run rounds: an organisation is copied
 * under its lock (JobGate), and skipped when another process finished a copy of it within
 * the interval before this round, so it is copied once an interval whichever process's
 * round comes first. While Redis cannot be asked each process copies: a copy too many
 * costs storage until the keep deletes it, a missed one widens what a lost machine loses.
 */
export function startOffsiteCopies(deps: Deps) {
  const settings = readCopySettings(deps.env)
  if (!settings) return undefined
  const store = createCopyStore(settings)
  const failing = new Set<string>()
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined

  async function copyOrganisation(organisationId: string) {
    const madeAt = new Date()
    const snapshot = await deps.heavyWorkPool.snapshotOrganisation(organisationId)
    if (!snapshot) return
    try {
      await store.put(organisationId, snapshot.file, madeAt, stopping.signal)
    } finally {
      await rm(snapshot.folder, { recursive: true, force: true })
    }
    const keys = await store.list(organisationId, stopping.signal)
    for (const key of keys.slice(0, Math.max(0, keys.length - deps.env.S3_COPY_KEEP))) {
      await store.delete(key, stopping.signal)
    }
  }

  async function copyEvery() {
    const startedAt = Date.now()
    const intervalMs = deps.env.S3_COPY_INTERVAL_SECONDS * 1000
    // A copy this process made in its previous round ended an interval before this round
    // at most (rounds start an interval after the previous one ended); a small allowance
    // keeps timer rounding from skipping it.
    const copiedRecently = (at: number | null) =>
      at !== null && at > startedAt - intervalMs + Math.min(1000, intervalMs / 10)
    const ids = deps.systemDb.select({ id: organisations.id }).from(organisations).all()
    let copied = 0
    for (const { id } of ids) {
      if (stopping.signal.aborted) return
      try {
        await deps.jobs.runAlone(
          'offsite-copy',
          id,
          async () => {
            if (
              copiedRecently(await deps.jobs.readFinishedAt('offsite-copy', id).catch(() => null))
            )
              return
            await copyOrganisation(id)
            copied++
            await deps.jobs.writeFinishedAt('offsite-copy', id, Date.now()).catch(() => undefined)
          },
          'run',
        )
        if (failing.delete(id))
          deps.log.info('off-machine copy works again', { organisationId: id })
      } catch (error) {
        if (stopping.signal.aborted) return
        if (!failing.has(id)) {
          failing.add(id)
          deps.log.error('off-machine copy failed; tried again every interval', {
            organisationId: id,
            error,
          })
        }
      }
    }
    // The others were copied by another process (or failed, logged above).
    deps.log.info('off-machine copy round done', { organisations: ids.length, copied })
  }

  let round = copyEvery()
  const scheduleNext = () => {
    if (stopping.signal.aborted) return
    timer = setTimeout(() => {
      round = copyEvery().finally(scheduleNext)
    }, deps.env.S3_COPY_INTERVAL_SECONDS * 1000)
    timer.unref()
  }
  void round.finally(scheduleNext)

  return {
    /** Stops the schedule, cuts short an upload under way and waits for the round to end. */
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      await round.catch(() => {})
      store.close()
    },
  }
}
