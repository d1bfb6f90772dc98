import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppConnectionUpdateSchema } from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { changedSyncedRow } from '../../db/synced-row.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveAppConnection } from './require-live-app-connection.ts'

/** Changes an app connection's name, URL, description or status. */
export function updateAppConnection(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof AppConnectionUpdateSchema>,
) {
  requirePermission(ctx.actor, 'apps.write')
  requireLiveAppConnection(ctx, id)
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(appConnections)
      .set({ ...changes, ...changedSyncedRow(tx) })
      .where(eq(appConnections.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: 'App bijgewerkt',
      target: row.name,
      metadata: { appConnectionId: id, changes },
    })
    return row
  })
}
