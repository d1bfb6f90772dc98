import { eq } from 'drizzle-orm'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveAppConnection } from './require-live-app-connection.ts'

/** Removes an app connection as a tombstone, so clients holding it learn of it. */
export function deleteAppConnection(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'apps.write')
  requireLiveAppConnection(ctx, id)
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(appConnections)
      .set({ deleted: true, apiKeyHash: null, seq: takeNextSeq(tx), updatedAt: Date.now() })
      .where(eq(appConnections.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: 'App verwijderd',
      target: row.name,
      metadata: { appConnectionId: id },
    })
    return row
  })
}
