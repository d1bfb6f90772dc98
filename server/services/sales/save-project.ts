import { eq } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import { salesProjects } from '#schema/db/organisation'
import type { ProjectCreateSchema, ProjectUpdateSchema } from '#schema/sales'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveProject } from './find-live-row.ts'

/** Creates a sales project (ADMIN). */
export function createProject(
  ctx: ServiceContext,
  input: z.infer<typeof ProjectCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const now = Date.now()
  return ctx.db.transaction((tx) =>
    tx
      .insert(salesProjects)
      .values({
        id: options.id ?? uuidv7(),
        seq: takeNextSeq(tx),
        updatedAt: now,
        organisationId: ctx.actor.organisationId,
        ...input,
        createdAt: now,
      })
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
  return ctx.db.transaction((tx) =>
    tx
      .update(salesProjects)
      .set({ ...changes, seq: takeNextSeq(tx), updatedAt: Date.now() })
      .where(eq(salesProjects.id, id))
      .returning()
      .get(),
  )
}
