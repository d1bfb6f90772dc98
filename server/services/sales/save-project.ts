import type { z } from 'zod'
import { salesProjects } from '#schema/db/organisation'
import type { ProjectCreateSchema, ProjectUpdateSchema } from '#schema/sales'
import type { ServiceContext } from '../../context.ts'
import { newSyncedRow, updateSyncedRow } from '../../db/synced-row.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveProject } from './find-live-row.ts'

/** Creates a sales project (ADMIN). */
export function createProject(
  ctx: ServiceContext,
  input: z.infer<typeof ProjectCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  return ctx.db.transaction((tx) =>
    tx
      .insert(salesProjects)
      .values({ ...input, ...newSyncedRow(tx, ctx.actor.organisationId, options.id) })
      .returning()
      .get(),
  )
}

/** Changes a project; deactivating is `status: 'inactive'` (sales keep their project). */
export function updateProject(
  ctx: ServiceContext,
  id: string,
  changes: z.infer<typeof ProjectUpdateSchema>,
) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  findLiveProject(ctx, id)
  return ctx.db.transaction((tx) => updateSyncedRow(tx, salesProjects, id, changes))
}
