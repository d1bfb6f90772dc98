import { eq } from 'drizzle-orm'
import { organisationProfile } from '#schema/db/organisation'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'

/**
 * The organisation's name as Instellingen shows it (own-organisation/get-organisation.ts),
 * without its right settings.read, which the sales area does not hold.
 */
export function findOrganisationName(ctx: Pick<ServiceContext, 'db' | 'actor'>): string {
  return readOrganisationName(ctx.db, ctx.actor.organisationId)
}

/**
 * The organisation's name from its profile; for jobs and mail. An open file always has its
 * profile row (seedOrganisationFile puts it there, with the system directory's name, when
 * the file is made and after each restore), so the directory is not asked here: these
 * callers stay synchronous, and some run where no directory is open (statements in the
 * heavy-work worker). The id stands in should a file lack it.
 */
export function readOrganisationName(db: OrganisationDb, id: string): string {
  const profile = db
    .select({ name: organisationProfile.name })
    .from(organisationProfile)
    .where(eq(organisationProfile.id, id))
    .get()
  return profile?.name ?? id
}
