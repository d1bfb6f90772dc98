import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireSalesContext } from '../auth/require-sales-context.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'

/**
 * The place of the session's organisation in the heavy-work queue (1: its job runs,
 * 2…: it waits, null: none), which the screens show while their request waits. Mounted
 * at /api/heavy-work for the central session and /api/gold-estates/heavy-work for the
 * sales session; the organisation comes from the session alone.
 */
export function heavyWorkRoutes(deps: AppDeps, area: 'central' | 'sales') {
  return new Hono<AppEnv>().get('/place', (c) => {
    const { actor } =
      area === 'central' ? requireServiceContext(deps, c) : requireSalesContext(deps, c)
    return c.json({ place: deps.heavyWork.placeOf(actor.organisationId) })
  })
}
