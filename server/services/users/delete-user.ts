import type { FollowedWrite, ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import type { StoredUser } from '../accounts/create-central-user.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { endAccountAccess } from './end-account-access.ts'
import { requireLiveUser } from './require-live-user.ts'
import { requireAnotherSuperadmin, requireMayManageRole } from './user-rules.ts'
import { writeUserChange } from './write-user-change.ts'

/**
 * Deletes a user as a tombstone (clients may still hold the row), frees the e-mail and
 * ends everything the account holds open (endAccountAccess). Nobody deletes themself or the last SUPERADMIN.
 * Synchronous, for a transaction (a push, an Idempotency-Key); `follow`, once the file
 * committed, ends the account's sessions and removes the login-directory entry. Should that fail, the entry names a user
 * the file holds as deleted: no sign-in or session opens it (findUser reads live users).
 */
export function deleteUser(ctx: ServiceContext, id: string): FollowedWrite<StoredUser> {
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
  const endSessions = endAccountAccess(ctx, deleted)
  const account = { kind: 'central' as const, organisationId: ctx.actor.organisationId, userId: id }
  const follow = async () => {
    await endSessions()
    await ctx.directory.removeEntry(account)
  }
  return { value: deleted, follow }
}
