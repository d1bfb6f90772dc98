import { eq } from 'drizzle-orm'
import { commissionPlans, commissionPlanVersions } from '#schema/db/organisation'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { changedSyncedRow } from '../../../db/synced-row.ts'

/**
 * A plan a SELLER may now see (they were put on it, or a project was) whose rows their
 * device passed over while it was not theirs: the plan and its versions take new seqs, so
 * every device pulls them again. A handful of rows, in the placement's transaction.
 */
export function resendPlan(tx: Pick<OrganisationDb, 'select' | 'update' | 'get'>, planId: string) {
  tx.update(commissionPlans).set(changedSyncedRow(tx)).where(eq(commissionPlans.id, planId)).run()
  const versions = tx
    .select({ id: commissionPlanVersions.id })
    .from(commissionPlanVersions)
    .where(eq(commissionPlanVersions.planId, planId))
    .all()
  for (const version of versions) {
    tx.update(commissionPlanVersions)
      .set(changedSyncedRow(tx))
      .where(eq(commissionPlanVersions.id, version.id))
      .run()
  }
}
