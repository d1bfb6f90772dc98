import { eq, inArray } from 'drizzle-orm'
import { salesSellers } from '#schema/db/organisation'
import { mailBounces } from '#schema/db/system'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's sellers whose address a mail server refused for good, by seller id,
 * with the server's words ({base}/sellers, "E-mail komt niet aan"), for the sales ADMIN who
 * gives them their sign-in. A seller's address is their sign-in's (decision 037). Only the
 * organisation's own sellers' addresses are looked up: nobody learns whether an address
 * elsewhere bounces.
 */
export function listSellerMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'sales.catalog.write')
  const sellers = ctx.db
    .select({ id: salesSellers.id, email: salesSellers.email })
    .from(salesSellers)
    .where(eq(salesSellers.deleted, false))
    .all()
    .filter((seller): seller is { id: string; email: string } => seller.email !== null)
  const bySeller: Record<string, MailBounce> = {}
  if (sellers.length === 0) return bySeller
  const bounces = new Map<string, MailBounce>()
  // A few hundred addresses per statement: far below SQLite's limit of bound values.
  for (let start = 0; start < sellers.length; start += 500) {
    const addresses = sellers.slice(start, start + 500).map((seller) => seller.email)
    for (const bounce of ctx.systemDb
      .select()
      .from(mailBounces)
      .where(inArray(mailBounces.email, addresses))
      .all())
      bounces.set(bounce.email, { reason: bounce.reason, at: bounce.at })
  }
  for (const seller of sellers) {
    const bounce = bounces.get(seller.email)
    if (bounce) bySeller[seller.id] = bounce
  }
  return bySeller
}
