import { inArray } from 'drizzle-orm'
import { mailBounces } from '#schema/db/system'
import type { MailBounce } from '#schema/mail'
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
