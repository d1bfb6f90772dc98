import type { SalesDatabase } from '#sync/client/local-database'

/**
 * Each plan version this device holds, by its plan's name, for the export's "Plan" column;
 * read once when exporting rather than kept live on the commission screen.
 */
export async function readPlanNamesByVersion(
  db: SalesDatabase['db'],
): Promise<Map<string, string>> {
  const [plans, versions] = await Promise.all([
    db.commission_plans.find().exec(),
    db.plan_versions.find().exec(),
  ])
  const names = new Map(plans.map((plan) => [plan.id, plan.name]))
  return new Map(
    versions.map((version) => [version.id, names.get(version.planId) ?? 'Onbekend plan']),
  )
}
