import type { z } from 'zod'
import type { UserCreateSchema } from '#schema/central'
import type { FollowedWrite, ServiceContext } from '../../context.ts'
import {
  listCentralUser,
  type StoredUser,
  writeCentralUser,
} from '../accounts/create-central-user.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireMayManageRole } from './user-rules.ts'

/**
 * Creates a user without a password (Gebruikers dialog, or replicated from a client);
 * they set one through a setup link (issueSetupToken). Synchronous, for a transaction (a
 * push, an Idempotency-Key): the user is in its organisation's file when it returns, and
 * `follow`, once that committed, lists it in the login directory.
 */
export function createUser(
  ctx: ServiceContext,
  input: z.infer<typeof UserCreateSchema>,
  options: { id?: string } = {},
): FollowedWrite<StoredUser> {
  requirePermission(ctx.actor, 'users.write')
  requireMayManageRole(ctx.actor, input.role)
  const user = writeCentralUser(ctx, {
    id: options.id,
    organisationId: ctx.actor.organisationId,
    name: input.name,
    email: input.email,
    role: input.role,
    status: input.status,
    passwordHash: null,
    actor: ctx.actor,
    action: 'Gebruiker aangemaakt',
  })
  return { value: user, follow: () => listCentralUser(ctx, user) }
}
