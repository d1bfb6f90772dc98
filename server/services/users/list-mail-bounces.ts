import { eq, inArray } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import { mailBounces } from '#schema/db/system'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * The organisation's users whose address a mail server refused for good, by user id, with
 * the server's words (Gebruikers, "E-mail komt niet aan"), for those who manage users. Only the organisation's own
 * users' addresses are looked up: nobody learns whether an address elsewhere bounces.
 */
export function listMailBounces(ctx: ServiceContext): Record<string, MailBounce> {
  requirePermission(ctx.actor, 'users.write')
  const people = ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.deleted, false))
    .all()
  if (people.length === 0) return {}
  const bounces = new Map(
    ctx.systemDb
      .select()
      .from(mailBounces)
      .where(
        inArray(
          mailBounces.email,
          people.map((person) => person.email),
        ),
      )
      .all()
      .map((bounce) => [bounce.email, { reason: bounce.reason, at: bounce.at }]),
  )
  const byUser: Record<string, MailBounce> = {}
  for (const person of people) {
    const bounce = bounces.get(person.email)
    if (bounce) byUser[person.id] = bounce
  }
  return byUser
}
