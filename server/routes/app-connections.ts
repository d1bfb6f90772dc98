import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  AppConnectionCreateSchema,
  AppConnectionUpdateSchema,
  IdParamSchema,
} from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { createAppConnection } from '../services/app-connections/create-app-connection.ts'
import { deleteAppConnection } from '../services/app-connections/delete-app-connection.ts'
import { toAppConnectionDocument } from '../services/app-connections/to-app-connection-document.ts'
import { updateAppConnection } from '../services/app-connections/update-app-connection.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'

/** Gekoppelde Apps: GET/POST /api/app-connections, PATCH/DELETE /api/app-connections/:id. */
export function appConnectionRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
    .get('/', (c) => {
      const ctx = requireServiceContext(deps, c)
      requirePermission(ctx.actor, 'apps.read')
      const rows = ctx.db
        .select()
        .from(appConnections)
        .where(eq(appConnections.deleted, false))
        .orderBy(asc(appConnections.name))
        .all()
      return c.json(rows.map(toAppConnectionDocument))
    })
    .post('/', validate('json', AppConnectionCreateSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 201, () =>
        toAppConnectionDocument(createAppConnection(ctx, c.req.valid('json'))),
      )
    })
    .patch(
      '/:id',
      validate('param', IdParamSchema),
      validate('json', AppConnectionUpdateSchema),
      (c) => {
        const ctx = requireServiceContext(deps, c)
        return respondOnce(c, ctx, 200, () =>
          toAppConnectionDocument(
            updateAppConnection(ctx, c.req.valid('param').id, c.req.valid('json')),
          ),
        )
      },
    )
    .delete('/:id', validate('param', IdParamSchema), (c) => {
      const ctx = requireServiceContext(deps, c)
      return respondOnce(c, ctx, 200, () =>
        toAppConnectionDocument(deleteAppConnection(ctx, c.req.valid('param').id)),
      )
    })
}
