import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireLiveUser } from './require-live-user.ts'
import { writeUserChange } from './write-user-change.ts'

/** The self-registered account waiting for approval with this id (403, 404, 409 otherwise). */
export function requireWaitingRegistration(ctx: ServiceContext, id: string) {
  requirePermission(ctx.actor, 'users.write')
  const user = requireLiveUser(ctx, id)
  if (!user.awaitingApproval) {
    throw new AppError('conflict', 'Dit account wacht niet op goedkeuring')
  }
  return user
}

/** Approves a self-registered account waiting on Gebruikers: it may sign in from now on. */
export function approveRegistration(ctx: ServiceContext, id: string) {
  requireWaitingRegistration(ctx, id)
  return writeUserChange(
    ctx,
    id,
    { status: 'active', awaitingApproval: false },
    { action: 'Registratie goedgekeurd' },
  )
}
