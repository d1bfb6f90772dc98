import { asc } from 'drizzle-orm'
import { organisationSummary, organisations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Every organisation, for a SUPERADMIN's Organisaties list. */
export function listOrganisations(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'organisations.manage')
  return ctx.systemDb
    .select(organisationSummary)
    .from(organisations)
    .orderBy(asc(organisations.name))
    .all()
}
