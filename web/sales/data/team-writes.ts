import { v7 as uuidv7 } from 'uuid'
import type { z } from 'zod'
import type { ProjectCreateSchema, SellerCreateSchema } from '#schema/sales'
import { requireSalesDatabase } from './sales-database.tsx'

/** A project's editable fields, already validated with ProjectCreateSchema. */
export type ProjectFields = z.output<typeof ProjectCreateSchema>
/** A seller's editable fields, already validated with SellerCreateSchema. */
export type SellerFields = z.output<typeof SellerCreateSchema>

// seq 0 marks "not yet on the server"; the server's copy replaces it after the push.

/** A new project in the local database; replication sends it (sales ADMIN). */
export async function insertProject(fields: ProjectFields): Promise<string> {
  const { db } = await requireSalesDatabase()
  const now = Date.now()
  const id = uuidv7()
  await db.projects.insert({
    id,
    ...fields,
    soldUnits: 0,
    createdAt: now,
    updatedAt: now,
    seq: 0,
  })
  return id
}

/** Changes a project locally (also deactivate: status 'inactive'); replication sends it. */
export async function updateProject(id: string, changes: Partial<ProjectFields>) {
  const { db } = await requireSalesDatabase()
  const project = await db.projects.findOne(id).exec()
  if (!project) throw new Error('Project niet gevonden')
  await project.incrementalPatch(changes)
}

/** A new seller in the local database; replication sends it (sales ADMIN). */
export async function insertSeller(fields: SellerFields): Promise<string> {
  const { db } = await requireSalesDatabase()
  const now = Date.now()
  const id = uuidv7()
  await db.sellers.insert({ id, ...fields, userId: null, createdAt: now, updatedAt: now, seq: 0 })
  return id
}

/** Changes a seller locally (also deactivate: status 'inactive'); replication sends it. */
export async function updateSeller(id: string, changes: Partial<SellerFields>) {
  const { db } = await requireSalesDatabase()
  const seller = await db.sellers.findOne(id).exec()
  if (!seller) throw new Error('Verkoper niet gevonden')
  await seller.incrementalPatch(changes)
}
