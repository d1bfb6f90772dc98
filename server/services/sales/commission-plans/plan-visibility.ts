import { type SQL, sql } from 'drizzle-orm'
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core'
import { projectRates, sellerPlacements } from '#schema/db/organisation'
import { seesAllSales } from '#schema/sales-visibility'
import type { Actor } from '../../../context.ts'

// Which plans a reader may see (decision 040), once for the REST list and the replication:
// whoever sees every sale sees every plan; a SELLER the plans they are or were placed on
// and the plans any project is placed on (a project's plan is the project's terms, as its
// percentage is, and the wizard needs it for a sale on that project); a reader who is no
// seller none.

const NOTHING = sql`0`

/**
 * A condition on a plan id column (the plan's own id, or a version's planId) for `actor`;
 * undefined when they see every plan.
 */
export function visiblePlansFilter(actor: Actor, column: SQLiteColumn): SQL | undefined {
  if (seesAllSales(actor.permissions)) return undefined
  if (!actor.sellerId) return NOTHING
  return sql`${column} in (select ${sellerPlacements.planId} from ${sellerPlacements} where ${sellerPlacements.sellerId} = ${actor.sellerId} and ${sellerPlacements.deleted} = 0 union select ${projectRates.planId} from ${projectRates} where ${projectRates.planId} is not null and ${projectRates.deleted} = 0)`
}
