import type { Context } from 'hono'
import { Hono } from 'hono'
import { IdParamSchema } from '#schema/central'
import { SyncRefusalQuerySchema } from '#schema/sync-refusals'
import type { ServerCollection } from '#server/replication/collection'
import { SERVER_COLLECTIONS } from '#server/replication/collections/index'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import type { ServiceContext } from '../context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { dismissSyncRefusal } from '../services/sync-refusals/dismiss-sync-refusal.ts'
import { listSyncRefusals } from '../services/sync-refusals/list-sync-refusals.ts'
import type { RefusalArea } from '../services/sync-refusals/refusal-area.ts'

function collectionsOf(area: ServerCollection['area']) {
  return [...SERVER_COLLECTIONS.values()]
    .filter((collection) => collection.area === area)
    .map((collection) => collection.name)
}

// Everyone's refusals are for whoever administers the area: users.write is held by
// ADMIN and SUPERADMIN (not MANAGER or USER), sales.settings.write by the sales ADMIN alone.
const CENTRAL: RefusalArea = {
  collections: collectionsOf('central'),
  organisationPermission: 'users.write',
  people: 'central',
}
const SALES: RefusalArea = {
  collections: collectionsOf('sales'),
  organisationPermission: 'sales.settings.write',
  people: 'sales',
}

type ContextOf = (c: Context<AppEnv>) => ServiceContext

/** One area's list and dismissal, with that area's session. */
function areaRoutes(area: RefusalArea, contextOf: ContextOf) {
  return new Hono<AppEnv>()
    .get('/', validate('query', SyncRefusalQuerySchema), (c) =>
      c.json(listSyncRefusals(contextOf(c), area, c.req.valid('query').scope)),
    )
    .post('/:id/dismiss', validate('param', IdParamSchema), (c) => {
      const ctx = contextOf(c)
      return respondOnce(c, ctx, 200, () => dismissSyncRefusal(ctx, area, c.req.valid('param').id))
    })
}

/**
 * Niet verwerkte wijzigingen: replicated writes the server refused, with the area's own
 * session. Centraal's, mounted at /sync-refusals: GET ?scope=own|organisation and
 * POST /:id/dismiss.
 */
export function centralSyncRefusalRoutes(deps: AppDeps) {
  return areaRoutes(CENTRAL, (c) => requireServiceContext(deps, c))
}

/** The same for Gold Estates, mounted at /gold-estates/sync-refusals. */
export function salesSyncRefusalRoutes(deps: AppDeps) {
  return areaRoutes(SALES, (c) => requireSalesContext(deps, c))
}
