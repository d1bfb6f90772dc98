import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { findLiveSale } from './find-live-row.ts'

/**
 * The sale the actor may correct: any, with `sales.correct`; without it (a SELLER) only a
 * sale they registered themselves while it is under review or sent back, so they can
 * answer a rejection. Anything else is the same 403 whether the sale exists or not.
 */
export function findCorrectableSale(ctx: ServiceContext, id: string) {
  if (ctx.actor.permissions.has('sales.correct')) return findLiveSale(ctx, id)
  requirePermission(ctx.actor, 'sales.register')
  let sale: ReturnType<typeof findLiveSale> | undefined
  try {
    sale = findLiveSale(ctx, id)
  } catch (error) {
    if (!(error instanceof AppError)) throw error
  }
  if (sale && sale.createdBy === ctx.actor.userId && sale.reviewStatus !== null) return sale
  throw new AppError('forbidden', 'Je hebt geen recht op deze actie (sales.correct)')
}
