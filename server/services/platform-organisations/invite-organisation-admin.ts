import type { z } from 'zod'
import type { OrganisationInviteSchema } from '#schema/central'
import type { AppDeps } from '../../app-deps.ts'
import type { ServiceContext } from '../../context.ts'
import type { OrganisationCache } from '../../db/organisation-cache.ts'
import { AppError } from '../../errors/app-error.ts'
import { createCentralUser } from '../accounts/create-central-user.ts'
import { issueSetupToken } from '../accounts/issue-setup-token.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/**
 * Invites an organisation's owner (platform right): an inactive SUPERADMIN of that
 * organisation with a 7-day setup link. The owner launches its Gold Estates and backs up
 * its data; owning a customer organisation grants nothing over the platform.
 */
export async function inviteOrganisationAdmin(
  ctx: ServiceContext & { organisations: OrganisationCache } & Pick<AppDeps, 'directory'>,
  organisationId: string,
  input: z.infer<typeof OrganisationInviteSchema>,
) {
  requirePermission(ctx.actor, 'organisations.manage')
  const organisation = await ctx.directory.findOrganisation(organisationId)
  if (!organisation) throw new AppError('not_found', 'Organisatie niet gevonden')
  const target = { db: ctx.organisations.get(organisationId), directory: ctx.directory }
  // The user and its directory entry first, then the token: never a link for an account
  // that was not made.
  const user = await createCentralUser(target, {
    organisationId,
    name: input.name,
    email: input.email,
    role: 'SUPERADMIN',
    status: 'inactive',
    passwordHash: null,
    actor: ctx.actor,
    action: 'Eigenaar uitgenodigd',
  })
  // The file taken again after the await: the cache may have closed it meanwhile.
  const { token, expiresAt } = issueSetupToken(
    { db: ctx.organisations.get(organisationId), systemDb: ctx.systemDb },
    organisationId,
    user.id,
  )
  return { setupPath: `/setup/${token}`, expiresAt }
}
