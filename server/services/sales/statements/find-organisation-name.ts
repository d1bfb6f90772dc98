import { eq } from 'drizzle-orm'
import { organizationProfile } from '#schema/db/organisation'
import { organizations } from '#schema/db/system'
import type { ServiceContext } from '../../../context.ts'

/**
 * The organisation's name as Instellingen shows it (own-organisation/get-organisation.ts),
 * without its right settings.read, which the sales area does not hold.
 */
export function findOrganisationName(ctx: ServiceContext): string {
  const id = ctx.actor.organisationId
  const profile = ctx.db
    .select({ name: organizationProfile.name })
    .from(organizationProfile)
    .where(eq(organizationProfile.id, id))
    .get()
  if (profile) return profile.name
  const organisation = ctx.systemDb
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, id))
    .get()
  return organisation?.name ?? id
}
