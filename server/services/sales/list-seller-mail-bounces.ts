import { salesSellers } from '#schema/db/organisation'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { findPeopleMailBounces } from '../mail-outbox/find-mail-bounces.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's sellers whose address a mail server refused for good, by seller id,
 * with the server's words ({base}/sellers, "E-mail komt niet aan"), for the sales ADMIN who
 * gives them their sign-in. A seller's address is their sign-in's (decision 037).
 */
export function listSellerMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'sales.catalog.write')
  return findPeopleMailBounces(ctx, salesSellers)
}
