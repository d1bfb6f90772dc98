import { eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { findMailBounces } from '../mail-outbox/find-mail-bounces.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's users whose address a mail server refused for good, by user id, with
 * the server's words (Gebruikers, "E-mail komt niet aan"), for those who manage users.
 */
export function listMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'users.write')
  const people = ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.deleted, false))
    .all()
  return findMailBounces(ctx.systemDb, people)
}
