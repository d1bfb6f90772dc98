import { and, eq } from 'drizzle-orm'
import { commissions, sales, salesProjects, salesSellers } from '#schema/db/organisation'
import type { SalesData } from '#schema/sales-dashboard'
import { seesAllSales } from '#schema/sales-visibility'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { commissionsReadFilter, listedSalesFilter } from './read-filters.ts'
import { toSaleView } from './sale-view.ts'
import { readAllSalesData } from './sales-read-model.ts'
import {
  toCommissionDocument,
  toProjectDocument,
  toSellerDocument,
  toSellerView,
} from './to-sales-documents.ts'

/**
 * Everything of the sales area the actor may read: the input of the dashboards. Readers of
 * everything share the in-memory read model; a SELLER's few rows are selected in SQL.
 */
export function loadSalesData(ctx: ServiceContext): SalesData {
  requirePermission(ctx.actor, 'sales.register')
  if (seesAllSales(ctx.actor.permissions)) return readAllSalesData(ctx.db)
  return {
    sales: ctx.db
      .select()
      .from(sales)
      .where(and(eq(sales.deleted, false), listedSalesFilter(ctx)))
      .all()
      .map((row) => toSaleView(row, ctx)),
    commissions: ctx.db
      .select()
      .from(commissions)
      .where(and(eq(commissions.deleted, false), commissionsReadFilter(ctx)))
      .all()
      .map(toCommissionDocument),
    projects: ctx.db
      .select()
      .from(salesProjects)
      .where(eq(salesProjects.deleted, false))
      .all()
      .map(toProjectDocument),
    sellers: ctx.db
      .select()
      .from(salesSellers)
      .where(eq(salesSellers.deleted, false))
      .all()
      .map((row) => toSellerView(toSellerDocument(row), ctx.actor)),
  }
}
