import type { MigrationStrategies } from 'rxdb'

/**
 * How a local database written by an older schema version is brought up to date, per
 * collection (RxDB's migrationStrategies: key = the version a document migrates *to*).
 * Every collection is listed, so raising a schema's `version` without a strategy here
 * fails the schema test instead of leaving devices with a database they cannot open.
 * Unsent local changes survive a migration: RxDB migrates the documents and the
 * replication's bookkeeping alike, and the push carries each document's own seq.
 */
export const MIGRATION_STRATEGIES: Record<string, MigrationStrategies> = {
  // v1: a new index only; the documents stay as they are.
  users: { 1: (user) => user },
  app_connections: {},
  // v1: an activity may be of type 'sale'; the stored ones stay as they are (the server
  // gave the sales ones a new seq, so their type arrives with the next pull).
  activities: { 1: (activity) => activity },
  projects: {},
  sellers: {},
  // v1: a sale can be corrected and cancelled; its lines paid in parts. The server gave
  // every sale and line a new seq, so the real values arrive with the next pull.
  sales: {
    1: (sale) => ({
      ...sale,
      splits: null,
      cancelReason: null,
      cancelledAt: null,
      paidTotal: 0,
    }),
    // v2: a sale carries its lines (decision 013). The server gave every sale a new seq,
    // so the lines arrive with the next pull; until then the sale shows none.
    2: (sale) => ({ ...sale, lines: [] }),
    // v3: a SELLER's unusual split waits for review. Every sale stored before it is
    // approved on the server too (its review_status is null).
    3: (sale) => ({
      ...sale,
      reviewStatus: null,
      reviewReason: null,
      reviewedBy: null,
      reviewedAt: null,
    }),
    // v4: commission plans (decision 040): a sale says whether plans filled its lines, a
    // line which plan version and tier made it. No sale stored on a device before it came
    // from a plan: the server's plan lines arrived only with this version.
    4: (sale) => ({
      ...sale,
      fromPlan: false,
      lines: (sale.lines ?? []).map((line: Record<string, unknown>) => ({
        ...line,
        planVersionId: null,
        planTier: null,
        planNote: null,
      })),
    }),
    // v5: a team member of a sale from plans may carry a share set over the plan's. A
    // member stored before it follows the plan: the field is optional, nothing to fill.
    5: (sale) => sale,
  },
  commission_payments: {},
  commission_plans: {},
  plan_versions: {},
  plan_placements: {},
  project_rates: {},
}
