import { and, eq, ne } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import { mayManageRole, USER_ROLES, type UserRole } from '#schema/roles'
import type { Actor, ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'

/** Only a SUPERADMIN creates, changes or deletes a SUPERADMIN (schema/roles.ts). */
export function requireMayManageRole(actor: Actor, role: UserRole) {
  if (!mayManageRole(actor.role, role)) {
    throw new AppError('forbidden', 'Alleen een SUPERADMIN kan een SUPERADMIN beheren')
  }
}

/** Refuses a change that would leave the organisation without an active SUPERADMIN. */
export function requireAnotherSuperadmin(ctx: ServiceContext, userId: string) {
  const other = ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, 'SUPERADMIN'),
        eq(users.status, 'active'),
        eq(users.deleted, false),
        ne(users.id, userId),
      ),
    )
    .get()
  if (!other)
    throw new AppError(
      'conflict',
      'De laatste SUPERADMIN kan niet verwijderd of gedegradeerd worden',
    )
}

/** True when `role` is weaker than `than` (USER_ROLES lists the strongest first). */
export function isLowerRole(role: UserRole, than: UserRole) {
  return USER_ROLES.indexOf(role) > USER_ROLES.indexOf(than)
}
