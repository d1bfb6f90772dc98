import { setImmediate as nextTurn } from 'node:timers/promises'
import { Cron } from 'croner'
import { lt } from 'drizzle-orm'
import { IDEMPOTENCY_RECORD_MAX_AGE_MS, SYNC_REFUSAL_MAX_AGE_MS } from '#schema/constants'
import { mailSent } from '#schema/db/system'
import type { AppDeps } from '../app-deps.ts'
import type { OrganisationDb } from '../db/organisation-db.ts'
import { deleteOldIdempotencyRecords } from '../services/idempotency/delete-old-idempotency-records.ts'
import { deleteOldSyncRefusals } from '../services/sync-refusals/delete-old-sync-refusals.ts'
import type { JobGate } from './job-gate.ts'

type Deps = Pick<AppDeps, 'systemDb' | 'organisations' | 'log'>

/** Rows deleted per statement: a few milliseconds of work before other requests get a turn. */
export const PRUNE_BATCH_SIZE = 500

/** Every hour, at 23 past: records grow by the hour, and each run then has little to do. */
const SCHEDULE = '23 * * * *'
const HOUR_MS = 60 * 60 * 1000
const MAIL_SENT_KEPT_MS = 48 * HOUR_MS

type Pruning = {
  name: string
  maxAgeMs: number
  deleteBatch: (db: OrganisationDb, before: number, limit: number) => number
}

const PRUNINGS: readonly Pruning[] = [
  { name: 'sync refusals', maxAgeMs: SYNC_REFUSAL_MAX_AGE_MS, deleteBatch: deleteOldSyncRefusals },
  {
    name: 'idempotency records',
    maxAgeMs: IDEMPOTENCY_RECORD_MAX_AGE_MS,
    deleteBatch: deleteOldIdempotencyRecords,
  },
]

/**
 * Deletes, in every organisation's file, the refusals older than SYNC_REFUSAL_MAX_AGE_MS
 * and the idempotency records older than IDEMPOTENCY_RECORD_MAX_AGE_MS, PRUNE_BATCH_SIZE
 * rows per statement with a turn of the event loop in between, so requests are never held
 * up for long. The file is taken from the cache for each batch (never held across a turn).
 * Answers how many rows went.
 */
export async function pruneKeptRecords(deps: Deps, now = Date.now()) {
  const ids = deps.organisations.heldIds().map((id) => ({ id }))
  // A notification over a day old is given up, never sent (deliver-organisation-mail.ts):
  // the memory of one sent is needed no longer than that, with a day to spare.
  let deleted = deps.systemDb
    .delete(mailSent)
    .where(lt(mailSent.sentAt, now - MAIL_SENT_KEPT_MS))
    .run().changes
  for (const { id } of ids) {
    for (const pruning of PRUNINGS) {
      try {
        let count: number
        do {
          count = pruning.deleteBatch(
            deps.organisations.get(id),
            now - pruning.maxAgeMs,
            PRUNE_BATCH_SIZE,
          )
          deleted += count
          await nextTurn()
        } while (count === PRUNE_BATCH_SIZE)
      } catch (error) {
        deps.log.error('pruning failed', { organisationId: id, records: pruning.name, error })
      }
    }
  }
  return deleted
}

/**
 * Starts the hourly pruning; the returned function stops it. Several processes fire
 * together: the one that claims the hour (JobGate) prunes; while Redis cannot be asked,
 * none does, and the next hour deletes the same rows.
 */
export function startKeptRecordPruning(deps: Deps & { jobs: JobGate }) {
  const job = new Cron(
    SCHEDULE,
    {
      mode: '5-part',
      unref: true,
      // A run still busy (many organisations) is not started twice.
      protect: true,
      catch: (error) => deps.log.error('pruning failed', { error }),
    },
    async () => {
      const hour = Math.floor(Date.now() / HOUR_MS) * HOUR_MS
      if (await deps.jobs.claimOccurrence('prune-kept-records', 'all', hour, 'skip')) {
        await pruneKeptRecords(deps)
      }
    },
  )
  return () => job.stop()
}
