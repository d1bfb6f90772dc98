import { and, eq } from 'drizzle-orm'
import { loginDirectory } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { endAccountAccess } from './end-account-access.ts'
import { requireLiveUser } from './require-live-user.ts'
import { requireAnotherSuperadmin, requireMayManageRole } from './user-rules.ts'
import { writeUserChange } from './write-user-change.ts'

/**
 * Deletes a user as a tombstone (clients may still hold the row), frees the e-mail and
 * ends everything the account holds open (endAccountAccess). Nobody deletes themself or the last SUPERADMIN.
 */
export function deleteUser(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'users.write')
  if (id === ctx.actor.userId) throw new AppError('conflict', 'Je kunt jezelf niet verwijderen')
  const user = requireLiveUser(ctx, id)
  requireMayManageRole(ctx.actor, user.role)
  if (user.role === 'SUPERADMIN') requireAnotherSuperadmin(ctx, id)

  const deleted = writeUserChange(
    ctx,
    id,
    { deleted: true, passwordHash: null },
    { action: 'Gebruiker verwijderd' },
  )
  ctx.systemDb
    .delete(loginDirectory)
    .where(
      and(
        eq(loginDirectory.userId, id),
        eq(loginDirectory.organisationId, ctx.actor.organisationId),
        eq(loginDirectory.kind, 'central'),
      ),
    )
    .run()
  endAccountAccess(ctx, deleted)
  return deleted
}
