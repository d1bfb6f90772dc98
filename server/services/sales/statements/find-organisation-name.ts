import { eq } from 'drizzle-orm'
import { organisationProfile } from '#schema/db/organisation'
import { organisations } from '#schema/db/system'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import type { SystemDb } from '../../../db/system-db.ts'

/**
 * The organisation's name as Instellingen shows it (own-organisation/get-organisation.ts),
 * without its right settings.read, which the sales area does not hold.
 */
export function findOrganisationName(ctx: ServiceContext): string {
  return readOrganisationName(ctx.db, ctx.systemDb, ctx.actor.organisationId)
}

/** The organisation's name from its profile, else the platform's list; for jobs and mail. */
export function readOrganisationName(db: OrganisationDb, systemDb: SystemDb, id: string): string {
  const profile = db
    .select({ name: organisationProfile.name })
    .from(organisationProfile)
    .where(eq(organisationProfile.id, id))
    .get()
  if (profile) return profile.name
  const organisation = systemDb
    .select({ name: organisations.name })
    .from(organisations)
    .where(eq(organisations.id, id))
    .get()
  return organisation?.name ?? id
}
