import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { listLiveRowsByName } from '../../db/require-live-row.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { toAppConnectionDocument } from './to-app-connection-document.ts'

/** The organisation's connected apps, by name. */
export function listAppConnections(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'apps.read')
  return listLiveRowsByName(ctx.db, appConnections).map(toAppConnectionDocument)
}
