import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { AppConnectionCreateSchema } from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Connects an external app to the organisation. */
export function createAppConnection(
  ctx: ServiceContext,
  input: z.infer<typeof AppConnectionCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'apps.write')
  const now = Date.now()
  return ctx.db.transaction((tx) => {
    const row = tx
      .insert(appConnections)
      .values({
        id: options.id ?? uuidv7(),
        seq: takeNextSeq(tx),
        updatedAt: now,
        organisationId: ctx.actor.organisationId,
        ...input,
        createdAt: now,
      })
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
