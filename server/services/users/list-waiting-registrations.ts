import { and, asc, eq } from 'drizzle-orm'
import type { WaitingRegistration } from '#schema/central'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Self-registered accounts waiting for an administrator's approval, oldest first. */
export function listWaitingRegistrations(ctx: ServiceContext): WaitingRegistration[] {
  requirePermission(ctx.actor, 'users.write')
  return ctx.db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.awaitingApproval, true), eq(users.deleted, false)))
    .orderBy(asc(users.createdAt))
    .all()
}
