import { commissions, sales, salesProjects } from '#schema/db/organisation'

/**
 * The columns that name a statement row's sale (both statement queries join `sales` and
 * `salesProjects` on the row's sale id), and its line's plan note.
 */
export const SALE_CONTEXT_COLUMNS = {
  clientName: sales.clientName,
  propertyNumber: sales.propertyNumber,
  projectName: salesProjects.name,
  planNote: commissions.planNote,
}

/** A statement row's sale as the statement prints it, also when sale or project is gone. */
export function describeSale(row: {
  clientName: string | null
  propertyNumber: string | null
  projectName: string | null
  planNote: string | null
}) {
  return {
    clientName: row.clientName ?? 'Onbekende klant',
    projectName: row.projectName ?? 'Onbekend project',
    propertyNumber: row.propertyNumber ?? '',
    planNote: row.planNote,
  }
}
