import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../http/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveUser } from './require-live-user.ts'
import { writeUserChange } from './write-user-change.ts'

/** Approves a self-registered account waiting on Gebruikers: it may sign in from now on. */
export function approveRegistration(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, id)
  if (!user.awaitingApproval) {
    throw new AppError('conflict', 'Dit account wacht niet op goedkeuring')
  }
  return writeUserChange(
    ctx,
    id,
    { status: 'active', awaitingApproval: false },
    { action: 'Registratie goedgekeurd' },
  )
}
