import { and, eq } from 'drizzle-orm'
import { commissions, sales, salesProjects, salesSellers } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'

/** The project with this id; 404 when missing or deleted. */
export function findLiveProject(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const row = ctx.db
    .select()
    .from(salesProjects)
    .where(and(eq(salesProjects.id, id), eq(salesProjects.deleted, false)))
    .get()
  if (!row) throw new AppError('not_found', 'Project niet gevonden')
  return row
}

/** The seller with this id; 404 when missing or deleted. */
export function findLiveSeller(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const row = ctx.db
    .select()
    .from(salesSellers)
    .where(and(eq(salesSellers.id, id), eq(salesSellers.deleted, false)))
    .get()
  if (!row) throw new AppError('not_found', 'Verkoper niet gevonden')
  return row
}

/** The commission line with this id; 404 when missing or deleted. */
export function findLiveCommission(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const row = ctx.db
    .select()
    .from(commissions)
    .where(and(eq(commissions.id, id), eq(commissions.deleted, false)))
    .get()
  if (!row) throw new AppError('not_found', 'Commissie niet gevonden')
  return row
}

/** The sale with this id; 404 when missing or deleted. */
export function findLiveSale(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const row = ctx.db
    .select()
    .from(sales)
    .where(and(eq(sales.id, id), eq(sales.deleted, false)))
    .get()
  if (!row) throw new AppError('not_found', 'Verkoop niet gevonden')
  return row
}
