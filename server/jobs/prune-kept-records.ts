import { setImmediate as nextTurn } from 'node:timers/promises'
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm'
import {
  IDEMPOTENCY_RECORD_MAX_AGE_MS,
  SETUP_TOKEN_TTL_MS,
  SYNC_REFUSAL_MAX_AGE_MS,
} from '#schema/constants'
import { mailOutbox, mailSent } from '#schema/db/system'
import type { AppDeps } from '../app-deps.ts'
import type { OrganisationDb } from '../db/organisation-db.ts'
import { deleteOldIdempotencyRecords } from '../services/idempotency/delete-old-idempotency-records.ts'
import { deleteOldSyncRefusals } from '../services/sync-refusals/delete-old-sync-refusals.ts'
import type { JobGate } from './job-gate.ts'
import { type ClaimedJob, startClaimedJob } from './start-claimed-job.ts'

type Deps = Pick<AppDeps, 'systemDb' | 'organisations' | 'log'>

/** Rows deleted per statement: a few milliseconds of work before other requests get a turn. */
export const PRUNE_BATCH_SIZE = 500

const HOUR_MS = 60 * 60 * 1000
/** Every hour, at 23 past: records grow by the hour, and each run then has little to do. */
const PRUNING: ClaimedJob = {
  name: 'prune-kept-records',
  schedule: '23 * * * *',
  periodMs: HOUR_MS,
  failure: 'pruning failed',
}
const MAIL_SENT_KEPT_MS = 48 * HOUR_MS

/**
 * A kept mail's body (no SMTP_URL: the SUPERADMIN's outbox page shows it, so a link can be
 * passed on by hand) is erased after this: the longest-lived link in one, an invitation's,
 * has expired a week before. The row stays, listed without its body.
 */
export const KEPT_MAIL_BODY_MS = SETUP_TOKEN_TTL_MS + 7 * 24 * HOUR_MS

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
 * In the system file: the memory of sent notifications after two days, and the bodies of
 * kept mails after KEPT_MAIL_BODY_MS. Answers how many rows went or were emptied.
 */
export async function pruneKeptRecords(deps: Deps, now = Date.now()) {
  const ids = (await deps.organisations.heldIds()).map((id) => ({ id }))
  // A notification over a day old is given up, never sent (deliver-organisation-mail.ts):
  // the memory of one sent is needed no longer than that, with a day to spare.
  let deleted = deps.systemDb
    .delete(mailSent)
    .where(lt(mailSent.sentAt, now - MAIL_SENT_KEPT_MS))
    .run().changes
  deleted += await eraseOldKeptBodies(deps, now)
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

/** Erases the bodies of kept mails older than KEPT_MAIL_BODY_MS, in batches; answers how many. */
async function eraseOldKeptBodies(deps: Deps, now: number) {
  let erased = 0
  let count: number
  do {
    const old = deps.systemDb
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'kept'),
          isNotNull(mailOutbox.content),
          lt(mailOutbox.createdAt, now - KEPT_MAIL_BODY_MS),
        ),
      )
      .limit(PRUNE_BATCH_SIZE)
      .all()
    count = deps.systemDb
      .update(mailOutbox)
      .set({ content: null })
      .where(
        inArray(
          mailOutbox.id,
          old.map((row) => row.id),
        ),
      )
      .run().changes
    erased += count
    await nextTurn()
  } while (count === PRUNE_BATCH_SIZE)
  return erased
}

/**
 * Starts the hourly pruning; the returned function stops it. One process prunes an hour
 * (startClaimedJob); an hour nobody pruned, the next deletes the same rows.
 */
export function startKeptRecordPruning(deps: Deps & { jobs: JobGate }) {
  return startClaimedJob(deps, PRUNING, () => pruneKeptRecords(deps))
}
