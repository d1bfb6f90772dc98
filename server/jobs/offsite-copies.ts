import { rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { getOrganisationFile } from '../db/organisation-db.ts'
import type { Env } from '../env.ts'
import type { HeavyWorkPool } from '../heavy-work/heavy-work-pool.ts'
import type { Logger } from '../logger.ts'
import { createChangeWatch } from '../services/offsite-copies/change-watch.ts'
import { SYSTEM_COPY } from '../services/offsite-copies/copy-keys.ts'
import { openCopyStore, readCopySettings } from '../services/offsite-copies/copy-store.ts'
import type { SystemDirectory } from '../system-directory/system-directory.ts'
import type { JobGate } from './job-gate.ts'

type Deps = {
  env: Env
  directory: SystemDirectory
  log: Logger
  heavyWorkPool: Pick<HeavyWorkPool, 'snapshotOrganisation' | 'snapshotSystem'>
  jobs: JobGate
}

/** Files whose change mark is read between two turns of the event loop. */
const MARKS_PER_TURN = 200

/**
 * Copies to S3 (S3_COPY_BUCKET) the system file and every organisation's file that took a
 * commit since this process last copied it: at start (everything), then a round every
 * S3_COPY_INTERVAL_SECONDS (60) from the previous round's start, or at once when a round
 * ran longer. Changed means any committed write (createChangeWatch), so a round over
 * idle organisations reads a counter each and uploads nothing. A file is copied by
 * `VACUUM INTO` in the heavy-work worker, uploaded from a temporary file, and its copies
 * past S3_COPY_KEEP deleted (only after its new copy landed). A write acknowledged before
 * a round began is in the bucket when that round ends: a lost machine loses at most the
 * interval and a round's length. A failure is logged when a file's copies start failing
 * and when they work again; the next round retries it (its mark was not taken). Nothing
 * here answers a request. Returns undefined when copies are off.
 *
 * Several processes with the same settings each run rounds: a file is copied under its
 * lock (JobGate), and skipped when another process finished a copy of it within the
 * interval before this round; this process copies it at its next round if it changed
 * since its own last copy. While Redis cannot be asked each process copies.
 */
export function startOffsiteCopies(deps: Deps) {
  const settings = readCopySettings(deps.env)
  if (!settings) return undefined
  const opening = openCopyStore(settings)
  // Its failure is the round's (copyFile awaits it), not an unhandled rejection before it.
  opening.catch(() => {})
  const watch = createChangeWatch()
  const intervalMs = deps.env.S3_COPY_INTERVAL_SECONDS * 1000
  /** Per file copied by this process: the mark it was copied at, and when the copy finished. */
  const copiedMarks = new Map<string, string>()
  const ownFinishes = new Map<string, number>()
  const failing = new Set<string>()
  const stopping = new AbortController()
  let timer: NodeJS.Timeout | undefined

  /** Uploads a snapshot; returns the bytes sent, 0 when there was no file. */
  async function copyFile(id: string) {
    const madeAt = new Date()
    const snapshot =
      id === SYSTEM_COPY
        ? await deps.heavyWorkPool.snapshotSystem()
        : await deps.heavyWorkPool.snapshotOrganisation(id)
    if (!snapshot) return 0
    const store = await opening
    let bytes: number
    try {
      bytes = (await stat(snapshot.file)).size
      await store.put(id, snapshot.file, madeAt, stopping.signal)
    } finally {
      await rm(snapshot.folder, { recursive: true, force: true })
    }
    const keys = await store.list(id, stopping.signal)
    for (const key of keys.slice(0, Math.max(0, keys.length - deps.env.S3_COPY_KEEP))) {
      await store.delete(key, stopping.signal)
    }
    return bytes
  }

  /** Copies the file if it changed; the bytes uploaded (0: unchanged, or another process had it). */
  async function copyIfChanged(id: string, file: string, startedAt: number) {
    const mark = watch.read(file)
    if (mark === null || mark === copiedMarks.get(id)) return 0
    let bytes = 0
    await deps.jobs.runAlone(
      'offsite-copy',
      id,
      async () => {
        const finishedAt = await deps.jobs.readFinishedAt('offsite-copy', id).catch(() => null)
        // Another process's copy within the interval before this round (not this process's
        // own from its previous round): that copy holds what this round would.
        const byAnother = finishedAt !== null && finishedAt !== ownFinishes.get(id)
        if (byAnother && finishedAt > startedAt - intervalMs) return
        bytes = await copyFile(id)
        copiedMarks.set(id, mark)
        const at = Date.now()
        ownFinishes.set(id, at)
        await deps.jobs.writeFinishedAt('offsite-copy', id, at).catch(() => undefined)
      },
      'run',
    )
    return bytes
  }

  async function copyChanged() {
    const startedAt = Date.now()
    let ids: string[]
    try {
      ids = await deps.directory.listOrganisationIds()
    } catch (error) {
      // The system directory away (a server): the round is skipped, the next one copies.
      deps.log.error('off-machine copy round skipped: organisations not read', { error })
      return
    }
    const files = [
      { id: SYSTEM_COPY, file: path.join(deps.env.SYSTEM_DIR, 'system.sqlite') },
      ...ids.map((id) => ({ id, file: getOrganisationFile(deps.env.DATA_DIR, id) })),
    ]
    let copied = 0
    let bytes = 0
    for (const [index, { id, file }] of files.entries()) {
      if (stopping.signal.aborted) return
      if (index % MARKS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve))
      try {
        const sent = await copyIfChanged(id, file, startedAt)
        if (sent > 0) copied++
        bytes += sent
        if (failing.delete(id)) deps.log.info('off-machine copy works again', { file: id })
      } catch (error) {
        if (stopping.signal.aborted) return
        if (!failing.has(id)) {
          failing.add(id)
          deps.log.error('off-machine copy failed; tried again every interval', {
            file: id,
            error,
          })
        }
      }
    }
    deps.log.info('off-machine copy round done', {
      files: files.length,
      copied,
      bytes,
      ms: Date.now() - startedAt,
    })
  }

  let roundStartedAt = Date.now()
  let round = copyChanged()
  const scheduleNext = () => {
    if (stopping.signal.aborted) return
    const wait = Math.max(0, roundStartedAt + intervalMs - Date.now())
    timer = setTimeout(() => {
      roundStartedAt = Date.now()
      round = copyChanged().finally(scheduleNext)
    }, wait)
    timer.unref()
  }
  void round.finally(scheduleNext)

  return {
    /** Stops the schedule, cuts short an upload under way and waits for the round to end. */
    async stop() {
      stopping.abort()
      clearTimeout(timer)
      await round.catch(() => {})
      watch.close()
      const store = await opening.catch(() => undefined)
      store?.close()
    },
  }
}
