import { eq } from 'drizzle-orm'
import { organisationProfile } from '#schema/db/organisation'
import { organisations } from '#schema/db/system'
import type { ServiceContext } from '../../../context.ts'

/**
 * The organisation's name as Instellingen shows it (own-organisation/get-organisation.ts),
 * without its right settings.read, which the sales area does not hold.
 */
export function findOrganisationName(ctx: ServiceContext): string {
  const id = ctx.actor.organisationId
  const profile = ctx.db
    .select({ name: organisationProfile.name })
    .from(organisationProfile)
    .where(eq(organisationProfile.id, id))
    .get()
  if (profile) return profile.name
  const organisation = ctx.systemDb
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id))
    .get()
  return organisation?.name ?? id
}
