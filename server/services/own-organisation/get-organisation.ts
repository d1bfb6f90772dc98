import { eq } from 'drizzle-orm'
import { organizationProfile } from '#schema/db/organisation'
import { organizations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** The organisation's details for Instellingen: id, slug, name, contact e-mail. */
export function getOrganisation(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'settings.read')
  const id = ctx.actor.organisationId
  const profile = ctx.db
    .select()
    .from(organizationProfile)
    .where(eq(organizationProfile.id, id))
    .get()
  const organisation = ctx.systemDb
    .select()
    .from(organizations)
    .where(eq(organizations.id, id))
    .get()
  return {
    id,
    slug: organisation?.slug ?? id,
    name: profile?.name ?? organisation?.name ?? id,
    contactEmail: profile?.contactEmail ?? null,
    plan: organisation?.plan ?? 'free',
  }
}
