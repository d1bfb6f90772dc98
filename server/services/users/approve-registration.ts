import { eq } from 'drizzle-orm'
import { users } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { takeNextSeq } from '../../db/next-seq.ts'
import { AppError } from '../../http/app-error.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveUser } from './require-live-user.ts'

/** Approves a self-registered account waiting on Gebruikers: it may sign in from now on. */
export function approveRegistration(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, id)
  if (!user.awaitingApproval) {
    throw new AppError('conflict', 'Dit account wacht niet op goedkeuring')
  }
  return ctx.db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({
        status: 'active',
        awaitingApproval: false,
        seq: takeNextSeq(tx),
        updatedAt: Date.now(),
      })
      .where(eq(users.id, id))
      .returning()
      .get()
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'user',
      action: 'Registratie goedgekeurd',
      target: row.name,
      metadata: { userId: id },
    })
    return row
  })
}
