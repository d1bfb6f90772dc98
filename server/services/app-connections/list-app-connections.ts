import { asc, eq } from 'drizzle-orm'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { toAppConnectionDocument } from './to-app-connection-document.ts'

/** The organisation's connected apps, by name. */
export function listAppConnections(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'apps.read')
  return ctx.db
    .select()
    .from(appConnections)
    .where(eq(appConnections.deleted, false))
    .orderBy(asc(appConnections.name))
    .all()
    .map(toAppConnectionDocument)
}
