import { eq } from 'drizzle-orm'
import type { z } from 'zod'
import type { OrganisationUpdateSchema } from '#schema/central'
import { organisationProfile } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import type {
  OrganisationRecord,
  SystemDirectory,
} from '../../system-directory/system-directory.ts'
import { appendActivity } from '../activities/append-activity.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { describeOrganisation } from './get-organisation.ts'

type OrganisationChanges = z.infer<typeof OrganisationUpdateSchema>

/**
 * Saves the organisation's name and contact e-mail in its file; answers as getOrganisation,
 * with `organisation` (the directory's record, read before: a write here cannot await).
 */
export function updateOrganisation(
  ctx: ServiceContext,
  changes: OrganisationChanges,
  organisation: OrganisationRecord | null,
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
  return describeOrganisation(ctx, organisation)
}

/**
 * The system directory keeps the name too, for the organisation list: renamed once the
 * file was saved (updateOrganisation), as before in a write of its own. Should it fail,
 * the list keeps the old name until the next save; the organisation's own screens show
 * the file's.
 */
export async function renameInOrganisationList(
  directory: SystemDirectory,
  organisationId: string,
  changes: OrganisationChanges,
) {
  if (changes.name) await directory.renameOrganisation(organisationId, changes.name)
}
