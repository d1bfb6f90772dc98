import { eq } from 'drizzle-orm'
import { organisationProfile } from '#schema/db/organisation'
import { organisations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** The organisation's details for Instellingen: id, slug, name, contact e-mail. */
export function getOrganisation(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'settings.read')
  const id = ctx.actor.organisationId
  const profile = ctx.db
    .select()
    .from(organisationProfile)
    .where(eq(organisationProfile.id, id))
    .get()
  const organisation = ctx.systemDb
    .select()
    .from(organisations)
    .where(eq(organisations.id, id))
    .get()
  return {
    id,
    slug: organisation?.slug ?? id,
    name: profile?.name ?? organisation?.name ?? id,
    contactEmail: profile?.contactEmail ?? null,
    plan: organisation?.plan ?? 'free',
  }
}
