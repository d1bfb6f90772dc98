import { eq } from 'drizzle-orm'
import { backupSettings } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import type { ActivityAuthor, Actor } from '../../context.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { appendActivity } from '../activities/append-activity.ts'

type BackupSettingsChange = Partial<typeof backupSettings.$inferInsert>
type BackupSettingsActivity = {
  action: string
  target?: string
  metadata?: Record<string, unknown>
}

/**
 * Changes the organisation's backup settings and logs it as a settings activity ("Google
 * Drive verbonden", …), inside the caller's write transaction.
 */
export function writeBackupSettings(
  tx: Pick<OrganisationDb, 'update' | 'insert' | 'get'>,
  organisationId: string,
  actor: ActivityAuthor,
  set: BackupSettingsChange,
  activity: BackupSettingsActivity,
) {
  tx.update(backupSettings)
    .set({ ...set, updatedAt: Date.now() })
    .where(eq(backupSettings.organisationId, organisationId))
    .run()
  appendActivity(tx, organisationId, actor, { type: 'settings', ...activity })
}

/**
 * writeBackupSettings in a transaction of its own, on the actor's organisation's file as
 * the cache holds it now (after an await, it may have closed the file in between).
 */
export function saveBackupSettings(
  deps: Pick<AppDeps, 'organisations'>,
  actor: Actor,
  set: BackupSettingsChange,
  activity: BackupSettingsActivity,
) {
  const organisationId = actor.organisationId
  deps.organisations
    .get(organisationId)
    .transaction((tx) => writeBackupSettings(tx, organisationId, actor, set, activity))
}
