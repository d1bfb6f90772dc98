import type { z } from 'zod'
import type { AppConnectionCreateSchema } from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { newSyncedRow } from '../../db/synced-row.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Connects an external app to the organisation. */
export function createAppConnection(
  ctx: ServiceContext,
  input: z.infer<typeof AppConnectionCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'apps.write')
  return ctx.db.transaction((tx) => {
    const row = tx
      .insert(appConnections)
      .values({ ...input, ...newSyncedRow(tx, ctx.actor.organisationId, options.id) })
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'app',
      action: 'App toegevoegd',
      target: row.name,
      metadata: { appConnectionId: row.id },
    })
    return row
  })
}
