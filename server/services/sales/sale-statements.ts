import { and, eq, sql } from 'drizzle-orm'
import { sales, salesProjects, salesSellers, salesSettings } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { prepareOnce } from '../../db/prepare-once.ts'

const value = (name: string) => sql.placeholder(name)

/**
 * The queries of registering a sale, prepared once per connection (db/prepare-once.ts):
 * createSale runs for every wizard sale, replicated push and imported sheet row.
 */
export function saleStatements(db: Pick<OrganisationDb, 'select' | 'insert' | 'update'>) {
  return prepareOnce(db, 'sale-statements', () => ({
    liveProject: db
      .select()
      .from(salesProjects)
      .where(and(eq(salesProjects.id, value('id')), eq(salesProjects.deleted, false)))
      .prepare(),
    liveSeller: db
      .select({ id: salesSellers.id, name: salesSellers.name, status: salesSellers.status })
      .from(salesSellers)
      .where(and(eq(salesSellers.id, value('id')), eq(salesSellers.deleted, false)))
      .prepare(),
    settings: db.select().from(salesSettings).prepare(),
    insertSale: db
      .insert(sales)
      .values({
        id: value('id'),
        seq: value('seq'),
        updatedAt: value('updatedAt'),
        organisationId: value('organisationId'),
        projectId: value('projectId'),
        clientName: value('clientName'),
        clientEmail: value('clientEmail'),
        clientPhone: value('clientPhone'),
        propertyNumber: value('propertyNumber'),
        saleDate: value('saleDate'),
        deliveryDate: value('deliveryDate'),
        salePrice: value('salePrice'),
        commissionPercentage: value('commissionPercentage'),
        commissionAmount: value('commissionAmount'),
        totalCosts: value('totalCosts'),
        costsDescription: value('costsDescription'),
        discountPercentage: value('discountPercentage'),
        discountAmount: value('discountAmount'),
        status: value('status'),
        notes: value('notes'),
        createdBy: value('createdBy'),
        createdAt: value('createdAt'),
        reviewStatus: value('reviewStatus'),
        notificationsSent: value('notificationsSent'),
        fromPlan: value('fromPlan'),
      })
      .returning()
      .prepare(),
    /** soldUnits counted from the project's live, not cancelled sales, as the projects screen shows it. */
    recountProject: db
      .update(salesProjects)
      .set({
        soldUnits: sql`(select count(*) from ${sales} where ${sales.projectId} = ${value('projectId')} and ${sales.deleted} = 0 and ${sales.status} != 'cancelled')`,
        seq: sql`${value('seq')}`,
        updatedAt: sql`${value('updatedAt')}`,
      })
      .where(eq(salesProjects.id, value('projectId')))
      .prepare(),
  }))
}
