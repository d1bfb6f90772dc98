import { eq } from 'drizzle-orm'
import { backupSettings } from '#schema/db/organisation'
import type { ActivityAuthor } from '../../context.ts'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { appendActivity } from '../activities/append-activity.ts'

/**
 * Changes the organisation's backup settings and logs it as a settings activity ("Google
 * Drive verbonden", …), inside the caller's write transaction.
 */
export function writeBackupSettings(
  tx: Pick<OrganisationDb, 'update' | 'insert' | 'get'>,
  organisationId: string,
  actor: ActivityAuthor,
  set: Partial<typeof backupSettings.$inferInsert>,
  activity: { action: string; target?: string; metadata?: Record<string, unknown> },
) {
  tx.update(backupSettings)
    .set({ ...set, updatedAt: Date.now() })
    .where(eq(backupSettings.organisationId, organisationId))
    .run()
  appendActivity(tx, organisationId, actor, { type: 'settings', ...activity })
}
