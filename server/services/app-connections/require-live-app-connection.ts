import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requireLiveRow } from '../../db/require-live-row.ts'

/** The app connection with this id; 404 when missing or deleted. */
export function requireLiveAppConnection(ctx: Pick<ServiceContext, 'db'>, id: string) {
  return requireLiveRow(ctx.db, appConnections, id, 'App niet gevonden')
}
