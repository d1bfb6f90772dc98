import { eq } from 'drizzle-orm'
import { salesImportKeys, salesProjects, salesSellers } from '#schema/db/organisation'
import { toNameKey } from '#schema/sales-import/sheet-cell'
import type { ServiceContext } from '../../../context.ts'

/**
 * What an import looks up for every row, read once: live projects and sellers by name
 * (case and spacing ignored) and the keys of rows imported before. The importer adds what
 * it creates, after the row's savepoint is released.
 */
export type SalesCatalog = {
  projectIds: Map<string, string>
  sellers: Map<string, { id: string; role: string | null }>
  importKeys: Set<string>
}

/** Reads the catalogue of the organisation's file. */
export function loadSalesCatalog(db: ServiceContext['db']): SalesCatalog {
  const projectIds = new Map<string, string>()
  const projects = db
    .select({ id: salesProjects.id, name: salesProjects.name })
    .from(salesProjects)
    .where(eq(salesProjects.deleted, false))
    .orderBy(salesProjects.seq)
    .all()
  // The oldest of two same-named projects wins, so the choice never changes between runs.
  for (const project of projects) {
    const key = toNameKey(project.name)
    if (!projectIds.has(key)) projectIds.set(key, project.id)
  }
  const sellers = new Map<string, { id: string; role: string | null }>()
  const sellerRows = db
    .select({ id: salesSellers.id, name: salesSellers.name, role: salesSellers.role })
    .from(salesSellers)
    .where(eq(salesSellers.deleted, false))
    .orderBy(salesSellers.seq)
    .all()
  for (const seller of sellerRows) {
    const key = toNameKey(seller.name)
    if (!sellers.has(key)) sellers.set(key, { id: seller.id, role: seller.role })
  }
  const importKeys = new Set(
    db
      .select({ key: salesImportKeys.key })
      .from(salesImportKeys)
      .all()
      .map((row) => row.key),
  )
  return { projectIds, sellers, importKeys }
}
