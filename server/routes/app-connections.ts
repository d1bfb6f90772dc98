import { Hono } from 'hono'
import {
  AppConnectionCreateSchema,
  AppConnectionUpdateSchema,
  IdParamSchema,
} from '#schema/central'
import { UsageQuerySchema } from '#schema/usage'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { createAppConnection } from '../services/app-connections/create-app-connection.ts'
import { deleteAppConnection } from '../services/app-connections/delete-app-connection.ts'
import { listAppConnections } from '../services/app-connections/list-app-connections.ts'
import { toAppConnectionDocument } from '../services/app-connections/to-app-connection-document.ts'
import { updateAppConnection } from '../services/app-connections/update-app-connection.ts'
import { rotateAppApiKey } from '../services/usage/app-api-key.ts'
import { getUsage } from '../services/usage/get-usage.ts'

/**
 * Gekoppelde Apps, at /api/app-connections: GET/POST /, PATCH/DELETE /:id, an app's API key
 * (POST /:id/api-key) and its usage (GET /:id/usage).
 */
export function appConnectionRoutes(deps: AppDeps) {
  return (
    new Hono<AppEnv>()
      .get('/', (c) => c.json(listAppConnections(requireServiceContext(deps, c))))
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
