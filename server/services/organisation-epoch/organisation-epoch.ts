import { eq } from 'drizzle-orm'
import { organisations } from '#schema/db/system'
import { describeRestoredEpoch } from '#schema/restored-epoch'
import { RESTORED_HEADER } from '#sync/account'
import type { SystemDb } from '../../db/system-db.ts'
import { AppError } from '../../errors/app-error.ts'

/** The organisation's epoch: when a backup was last restored into it (epoch ms), 0 when never. */
export function readOrganisationEpoch(systemDb: SystemDb, organisationId: string): number {
  const row = systemDb
    .select({ restoredAt: organisations.restoredAt })
    .from(organisations)
    .where(eq(organisations.id, organisationId))
    .get()
  return row?.restoredAt ?? 0
}

/**
 * Starts a new epoch after a restore: later than the one before, even within a millisecond,
 * so a device that saw the previous one never takes the new one for it.
 */
export function startOrganisationEpoch(systemDb: SystemDb, organisationId: string): number {
  const epoch = Math.max(Date.now(), readOrganisationEpoch(systemDb, organisationId) + 1)
  systemDb
    .update(organisations)
    .set({ restoredAt: epoch })
    .where(eq(organisations.id, organisationId))
    .run()
  return epoch
}

/**
 * Refuses a call that names an epoch other than the organisation's (a write queued, or a
 * local database filled, before a restore): 409 marked with the restore's moment, so the
 * device keeps the change as a refusal instead of applying it to the restored data. A
 * call that names none (a first call, a REST write before the device's first sync answer)
 * passes, unless `isNameRequired`: a replication push always comes from a local database,
 * which learnt its epoch when it was filled, so one naming none after a restore sends data
 * of unknown age and is refused like one of an earlier epoch. Returns the current epoch.
 */
export function requireCurrentEpoch(
  systemDb: SystemDb,
  organisationId: string,
  named: string | undefined,
  { isNameRequired = false } = {},
): number {
  const epoch = readOrganisationEpoch(systemDb, organisationId)
  if (named === String(epoch)) return epoch
  if (named === undefined && (!isNameRequired || epoch === 0)) return epoch
  throw new AppError('conflict', describeRestoredEpoch(epoch), {
    headers: { [RESTORED_HEADER]: String(epoch) },
  })
}
