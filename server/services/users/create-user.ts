import type { z } from 'zod'
import type { UserCreateSchema } from '#schema/central'
import type { ServiceContext } from '../../context.ts'
import { createCentralUser } from '../accounts/create-central-user.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { requireMayManageRole } from './user-rules.ts'

/**
 * Creates a user without a password (Gebruikers dialog, or replicated from a client);
 * they set one through a setup link (issueSetupToken).
 */
export function createUser(
  ctx: ServiceContext,
  input: z.infer<typeof UserCreateSchema>,
  options: { id?: string } = {},
) {
  requirePermission(ctx.actor, 'users.write')
  requireMayManageRole(ctx.actor, input.role)
  return createCentralUser(ctx, {
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
}
