import { describeRestoredEpoch } from '#schema/restored-epoch'
import { RESTORED_HEADER } from '#sync/account'
import { AppError } from '../../errors/app-error.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'

// The epoch is read from the system directory at each use, not kept in this process: a
// restore made through another process (or machine) must be named at once by every one.
// The replication hub reads it at each batch (SyncHub's readEpoch); a restore there is
// relayed to this process's streams as a change of the organisation (the Redis relay).

/** The organisation's epoch: when a backup was last restored into it (epoch ms), 0 when never. */
export async function readOrganisationEpoch(
  directory: SystemDirectory,
  organisationId: string,
): Promise<number> {
  return (await directory.findOrganisation(organisationId))?.restoredAt ?? 0
}

/**
 * Starts a new epoch after a restore: later than the one before, even within a millisecond,
 * so a device that saw the previous one never takes the new one for it.
 */
export async function startOrganisationEpoch(
  directory: SystemDirectory,
  organisationId: string,
): Promise<number> {
  const epoch = await directory.startOrganisationEpoch(organisationId, Date.now())
  if (epoch === null) throw new Error(`organisation ${organisationId} missing`)
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
export async function requireCurrentEpoch(
  directory: SystemDirectory,
  organisationId: string,
  named: string | undefined,
  { isNameRequired = false } = {},
): Promise<number> {
  const epoch = await readOrganisationEpoch(directory, organisationId)
  if (named === String(epoch)) return epoch
  if (named === undefined && (!isNameRequired || epoch === 0)) return epoch
  throw new AppError('conflict', describeRestoredEpoch(epoch), {
    headers: { [RESTORED_HEADER]: String(epoch) },
  })
}
