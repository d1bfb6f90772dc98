import { and, eq } from 'drizzle-orm'
import { syncQueue } from '#schema/db/organisation'
import type { ServiceContext } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import { canSeeOrganisation, type RefusalArea, whereRefusals } from './refusal-area.ts'

/**
 * Marks a refusal read ('dismissed'), so it leaves the lists. A person dismisses their
 * own; the area's permission lets them dismiss anyone's in their organisation. Any other
 * id is answered 404, so an id never tells whether it exists elsewhere. No activity is
 * written: reading a notice changes none of the organisation's data.
 */
export function dismissSyncRefusal(ctx: ServiceContext, area: RefusalArea, id: string) {
  const scope = canSeeOrganisation(ctx, area) ? 'organisation' : 'own'
  const dismissed = ctx.db
    .update(syncQueue)
    .set({ status: 'dismissed' })
    .where(and(eq(syncQueue.id, id), whereRefusals(ctx, area, scope)))
    .returning({ id: syncQueue.id })
    .all()
  if (dismissed.length === 0) throw new AppError('not_found', 'Wijziging niet gevonden')
  return { id }
}
