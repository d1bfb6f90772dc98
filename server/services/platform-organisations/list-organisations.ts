import { asc } from 'drizzle-orm'
import { organizations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'

/** Every organisation, for a SUPERADMIN's Organisaties list. */
export function listOrganisations(ctx: ServiceContext) {
  requirePermission(ctx.actor, 'organisations.manage')
  return ctx.systemDb
    .select({
      id: organizations.id,
      name: organizations.name,
      slug: organizations.slug,
      plan: organizations.plan,
      status: organizations.status,
      createdAt: organizations.createdAt,
    })
    .from(organizations)
    .orderBy(asc(organizations.name))
    .all()
}
