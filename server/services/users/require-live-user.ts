import { and, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'

/** The user with this id in the actor's organisation; 404 when missing or deleted. */
export function requireLiveUser(ctx: Pick<ServiceContext, 'db'>, id: string) {
  const user = ctx.db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.deleted, false)))
    .get()
  if (!user) throw new AppError('not_found', 'Gebruiker niet gevonden')
  return user
}
