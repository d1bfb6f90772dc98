import { commissions, sales, salesProjects, salesSellers } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requireLiveRow } from '../../db/require-live-row.ts'

type Ctx = Pick<ServiceContext, 'db'>

/** The project with this id; 404 when missing or deleted. */
export function findLiveProject(ctx: Ctx, id: string) {
  return requireLiveRow(ctx.db, salesProjects, id, 'Project niet gevonden')
}

/** The seller with this id; 404 when missing or deleted. */
export function findLiveSeller(ctx: Ctx, id: string) {
  return requireLiveRow(ctx.db, salesSellers, id, 'Verkoper niet gevonden')
}

/** The commission line with this id; 404 when missing or deleted. */
export function findLiveCommission(ctx: Ctx, id: string) {
  return requireLiveRow(ctx.db, commissions, id, 'Commissie niet gevonden')
}

/** The sale with this id; 404 when missing or deleted. */
export function findLiveSale(ctx: Ctx, id: string) {
  return requireLiveRow(ctx.db, sales, id, 'Verkoop niet gevonden')
}
