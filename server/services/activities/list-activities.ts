import { desc, eq } from 'drizzle-orm'
import { activities } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { toActivityDocument } from './to-activity-document.ts'

const ACTIVITY_PAGE = 200

/** The newest entries of the organisation's activity log, newest first. */
export function listActivities(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'activities.read')
  return ctx.db
    .select()
    .from(activities)
    .where(eq(activities.deleted, false))
    .orderBy(desc(activities.timestamp), desc(activities.seq))
    .limit(ACTIVITY_PAGE)
    .all()
    .map(toActivityDocument)
}
