import { asc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import {
  AppConnectionCreateSchema,
  AppConnectionUpdateSchema,
  IdParamSchema,
} from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import { UsageQuerySchema } from '#schema/usage'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { createAppConnection } from '../services/app-connections/create-app-connection.ts'
import { deleteAppConnection } from '../services/app-connections/delete-app-connection.ts'
import { toAppConnectionDocument } from '../services/app-connections/to-app-connection-document.ts'
import { updateAppConnection } from '../services/app-connections/update-app-connection.ts'
import { requirePermission } from '../services/permissions/require-permission.ts'
import { rotateAppApiKey } from '../services/usage/app-api-key.ts'
import { getUsage } from '../services/usage/get-usage.ts'

/**
 * Gekoppelde Apps, at /api/app-connections: GET/POST /, PATCH/DELETE /:id, an app's API key
 * (POST /:id/api-key) and its usage (GET /:id/usage).
 */
export function appConnectionRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
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
      // An app's API key (shown once) and its usage figures for the Apps screen.
      .post('/:id/api-key', validate('param', IdParamSchema), (c) => {
        const ctx = requireServiceContext(deps, c)
        return respondOnce(c, ctx, 201, () => rotateAppApiKey(ctx, c.req.valid('param').id), {
          secretBox: getSecretBox(deps.env),
        })
      })
      .get(
        '/:id/usage',
        validate('param', IdParamSchema),
        validate('query', UsageQuerySchema),
        (c) => {
          const ctx = requireServiceContext(deps, c)
          return c.json(getUsage(ctx, c.req.valid('param').id, c.req.valid('query').days))
        },
      )
  )
}
