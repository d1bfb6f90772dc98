import { and, eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import { loginDirectory } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { endAccountAccess } from './end-account-access.ts'
import { requireLiveUser } from './require-live-user.ts'
import { requireAnotherSuperadmin, requireMayManageRole } from './user-rules.ts'

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

  const deleted = ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({
        deleted: true,
        passwordHash: null,
        seq: takeNextSeq(tx),
        updatedAt: Date.now(),
      })
      .where(eq(users.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'user',
      action: 'Gebruiker verwijderd',
      target: row.name,
      metadata: { userId: id },
    })
    return row
  })
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
