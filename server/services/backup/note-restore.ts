import { and, desc, eq, gte } from 'drizzle-orm'
import type { RestoreNotice } from '#schema/auth'
import { activities } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { readOrganisationEpoch } from '../organisation-epoch/organisation-epoch.ts'

/** The activity a restore writes (its action), read back for the notice after sign-in. */
export const RESTORE_ACTION = 'Backup teruggezet'

/** How long after a restore the people of the organisation read of it when they sign in. */
export const RESTORE_NOTICE_DAYS = 7

// The activity follows the epoch by the few statements between them; a minute is ample.
const NOTE_AFTER_EPOCH_MS = 60_000

// The people of an organisation are in the Netherlands: the log names the backup's moment
// as they read it, whatever the server's own time zone.
const formatBackupMoment = new Intl.DateTimeFormat('nl-NL', {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'Europe/Amsterdam',
})

/**
 * Writes "Backup teruggezet: backup van <moment>" into the activity log just restored, so
 * the log has it after the restore replaced the log that was there; the metadata names the
 * backup's moment and the epoch the restore started, for the notice (readRecentRestore).
 */
export function noteRestore(
  ctx: ServiceContext,
  restore: { backupCreatedAt: number; epoch: number },
) {
  ctx.db.transaction((tx) => {
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'settings',
      action: RESTORE_ACTION,
      target: `backup van ${formatBackupMoment.format(restore.backupCreatedAt)}`,
      metadata: { backupCreatedAt: restore.backupCreatedAt, epoch: restore.epoch },
    })
  })
}

/**
 * The organisation's last restore, for the notice every member reads on signing in during
 * RESTORE_NOTICE_DAYS after it (docs/behaviour.md); null when there was none so recently.
 * Cheap when there was none: the epoch (system file) answers before the log is read.
 */
export async function readRecentRestore(
  deps: { directory: SystemDirectory; organisations: OrganisationCache },
  organisationId: string,
  now = Date.now(),
): Promise<RestoreNotice | null> {
  const epoch = await readOrganisationEpoch(deps.directory, organisationId)
  if (epoch === 0 || now - epoch > RESTORE_NOTICE_DAYS * 24 * 60 * 60 * 1000) return null
  // The file is taken after the await (OrganisationCache: never held across one).
  const notes = deps.organisations
    .get(organisationId)
    .select()
    .from(activities)
    .where(
      and(
        gte(activities.timestamp, epoch - NOTE_AFTER_EPOCH_MS),
        eq(activities.action, RESTORE_ACTION),
        eq(activities.deleted, false),
      ),
    )
    .orderBy(desc(activities.timestamp))
    .limit(5)
    .all()
  const note = notes.find((activity) => activity.metadata?.epoch === epoch)
  const backupCreatedAt = note?.metadata?.backupCreatedAt
  if (!note || typeof backupCreatedAt !== 'number') return null
  return { restoredAt: epoch, backupCreatedAt, restoredBy: note.user }
}
