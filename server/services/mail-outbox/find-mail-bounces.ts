import { eq, inArray } from 'drizzle-orm'
import type { salesSellers, users } from '#schema/db/organisation'
import { mailBounces } from '#schema/db/system'
import type { MailBounce } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import type { SystemDb } from '../../db/system-db.ts'

/**
 * Of `people` (an organisation's own users or sellers), those whose address a mail server
 * refused for good, by their id, with the server's words. Only these addresses are looked
 * up: nobody learns whether an address elsewhere bounces.
 */
export function findMailBounces(
  systemDb: SystemDb,
  people: { id: string; email: string }[],
): Record<string, MailBounce> {
  const byId: Record<string, MailBounce> = {}
  if (people.length === 0) return byId
  const bounces = new Map<string, MailBounce>()
  // A few hundred addresses per statement: far below SQLite's limit of bound values.
  for (let start = 0; start < people.length; start += 500) {
    const addresses = people.slice(start, start + 500).map((person) => person.email)
    for (const bounce of systemDb
      .select()
      .from(mailBounces)
      .where(inArray(mailBounces.email, addresses))
      .all())
      bounces.set(bounce.email, { reason: bounce.reason, at: bounce.at })
  }
  for (const person of people) {
    const bounce = bounces.get(person.email)
    if (bounce) byId[person.id] = bounce
  }
  return byId
}

/** Of the organisation's people in `table` (its users or its sellers, not deleted), findMailBounces. */
export function findPeopleMailBounces(
  ctx: Pick<ServiceContext, 'db' | 'systemDb'>,
  table: typeof users | typeof salesSellers,
) {
  const people = ctx.db
    .select({ id: table.id, email: table.email })
    .from(table)
    .where(eq(table.deleted, false))
    .all()
    .filter((person): person is { id: string; email: string } => person.email !== null)
  return findMailBounces(ctx.systemDb, people)
}
