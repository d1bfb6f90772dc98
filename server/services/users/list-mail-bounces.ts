import { users } from '#schema/db/organisation'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { findPeopleMailBounces } from '../mail-outbox/find-mail-bounces.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's users whose address a mail server refused for good, by user id, with
 * the server's words (Gebruikers, "E-mail komt niet aan"), for those who manage users.
 */
export function listMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'users.write')
  return findPeopleMailBounces(ctx, users)
}
