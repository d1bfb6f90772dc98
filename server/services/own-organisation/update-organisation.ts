import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { OrganisationUpdateSchema } from '#schema/central'
import { organisationProfile } from '#schema/db/organisation'
import { organisations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { getOrganisation } from './get-organisation.ts'

/** Saves the organisation's name and contact e-mail. */
export function updateOrganisation(
  ctx: ServiceContext,
  changes: z.infer<typeof OrganisationUpdateSchema>,
) {
  requirePermission(ctx.actor, 'settings.write')
  const id = ctx.actor.organisationId
  ctx.db.transaction((tx) => {
    tx.update(organisationProfile)
      .set({ ...changes, updatedAt: Date.now() })
      .where(eq(organisationProfile.id, id))
      .run()
    appendActivity(tx, id, ctx.actor, {
      type: 'settings',
      action: 'Organisatiegegevens bijgewerkt',
      target: changes.name,
      metadata: { changes },
    })
  })
  // The system file keeps the name too, for the organisation list.
  if (changes.name) {
    ctx.systemDb
      .update(organisations)
      .set({ name: changes.name })
      .where(eq(organisations.id, id))
      .run()
  }
  return getOrganisation(ctx)
}
