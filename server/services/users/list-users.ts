import { asc, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { toUserDocument } from './to-user-document.ts'

/** The organisation's users, by name. */
export function listUsers(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'users.read')
  return ctx.db
    .select()
    .from(users)
    .where(eq(users.deleted, false))
    .orderBy(asc(users.name))
    .all()
    .map(toUserDocument)
}
