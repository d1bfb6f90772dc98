import { eq } from 'drizzle-orm'
import { organisationProfile } from '#schema/db/organisation'
import type { AppDeps } from '../../app-deps.ts'
import type { ServiceContext } from '../../context.ts'
import type { OrganisationRecord } from '../../system-directory/system-directory.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** The organisation's details for Instellingen: id, slug, name, contact e-mail. */
export async function getOrganisation(
  ctx: ServiceContext & Pick<AppDeps, 'directory' | 'organisations'>,
) {
  requirePermission(ctx.actor, 'settings.read')
  const id = ctx.actor.organisationId
  const organisation = await ctx.directory.findOrganisation(id)
  // The file taken again after the await: the cache may have closed it meanwhile.
  return describeOrganisation({ ...ctx, db: ctx.organisations.get(id) }, organisation)
}

/** getOrganisation's answer, from the directory's record of the organisation (read before). */
export function describeOrganisation(ctx: ServiceContext, organisation: OrganisationRecord | null) {
  requirePermission(ctx.actor, 'settings.read')
  const id = ctx.actor.organisationId
  const profile = ctx.db
    .select()
    .from(organisationProfile)
    .where(eq(organisationProfile.id, id))
    .get()
  return {
    id,
    slug: organisation?.slug ?? id,
    name: profile?.name ?? organisation?.name ?? id,
    contactEmail: profile?.contactEmail ?? null,
    plan: organisation?.plan ?? 'free',
  }
}
