import { rm } from 'node:fs/promises'
import { organisations } from '#schema/db/system'
import type { SystemDb } from '../db/system-db.ts'
import type { Env } from '../env.ts'
import type { Logger } from '../logger.ts'
import { createCopyStore, readCopySettings } from '../services/offsite-copies/copy-store.ts'
import type { HeavyWorkPool } from '../workers/heavy-work-pool.ts'

type Deps = {
  env: Env
  systemDb: SystemDb
  log: Logger
  heavyWorkPool: Pick<HeavyWorkPool, 'snapshotOrganisation'>
}

/**
 * Copies every organisation's file to S3 (S3_COPY_BUCKET) at start and then each
 * S3_COPY_INTERVAL_SECONDS after the previous round ended, one organisation at a time:
 * the file is copied by SQLite's online backup in the heavy-work worker, uploaded from a
 * temporary file, and the organisation's copies past S3_COPY_KEEP are deleted (only after
 * its new copy landed). A failure is logged when an organisation's copies start failing
 * and when they work again, not at every round in between; the next round retries it.
 * Nothing here answers a request. Returns undefined when copies are off.
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
    const ids = deps.systemDb.select({ id: organisations.id }).from(organisations).all()
    for (const { id } of ids) {
      if (stopping.signal.aborted) return
      try {
        await copyOrganisation(id)
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
