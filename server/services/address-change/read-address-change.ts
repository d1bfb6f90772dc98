import type { EmailChangeView } from '#schema/mail'
import type { ServiceContext } from '../../context.ts'
import { requireActorUserId } from '../users/get-notification-preferences.ts'
import { requireLiveUser } from '../users/require-live-user.ts'
import { findWaitingChange } from './change-tokens.ts'

/** The signed-in user's address and the change still waiting for its link, if any. */
export function readAddressChange(ctx: ServiceContext): EmailChangeView {
  const user = requireLiveUser(ctx, requireActorUserId(ctx))
  const account = { kind: 'central' as const, organisationId: ctx.actor.organisationId }
  return {
    email: user.email,
    pending: findWaitingChange(ctx.systemDb, { ...account, userId: user.id }),
  }
}
