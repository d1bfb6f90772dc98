import { eq } from 'drizzle-orm'
import { salesSellers } from '#schema/db/organisation'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { findMailBounces } from '../mail-outbox/find-mail-bounces.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's sellers whose address a mail server refused for good, by seller id,
 * with the server's words ({base}/sellers, "E-mail komt niet aan"), for the sales ADMIN who
 * gives them their sign-in. A seller's address is their sign-in's (decision 037).
 */
export function listSellerMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const sellers = ctx.db
    .select({ id: salesSellers.id, email: salesSellers.email })
    .from(salesSellers)
    .where(eq(salesSellers.deleted, false))
    .all()
    .filter((seller): seller is { id: string; email: string } => seller.email !== null)
  return findMailBounces(ctx.systemDb, sellers)
}
