import { Hono } from 'hono'
import { IdParamSchema } from '#schema/central'
import { findUsageDateProblem, UsageQuerySchema, UsageReportSchema } from '#schema/usage'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { requireServiceContext } from '../auth/require-service-context.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { AppError } from '../http/app-error.ts'
import { respondOnce } from '../http/respond-once.ts'
import { validate } from '../http/validate.ts'
import { authenticateAppKey, rotateAppApiKey } from '../services/usage/app-api-key.ts'
import { getUsage } from '../services/usage/get-usage.ts'
import { UsageBatcher } from '../services/usage/usage-batcher.ts'

/**
 * An app's API key and its usage figures for the Apps screen, mounted at /app-connections
 * beside the app routes.
 */
export function appUsageRoutes(deps: AppDeps) {
  return new Hono<AppEnv>()
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
}

/** POST /api/usage (mounted at /usage): reports from the apps, with their API key. */
export function usageReportRoutes(deps: AppDeps) {
  const batcher = new UsageBatcher(deps.organisations)
  return new Hono<AppEnv>().post(
    '/',
    // The key is checked before the body: a caller without one learns nothing more.
    async (c, next) => {
      authenticateAppKey(deps.organisations, c.req.header('authorization'))
      await next()
    },
    validate('json', UsageReportSchema),
    async (c) => {
      const target = authenticateAppKey(deps.organisations, c.req.header('authorization'))
      const report = c.req.valid('json')
      const dateProblem = findUsageDateProblem(report.date, Date.now())
      if (dateProblem) {
        throw new AppError('invalid_input', dateProblem, {
          errors: [{ path: 'date', message: dateProblem }],
        })
      }
      await batcher.record(target.organisationId, target.appConnectionId, report)
      return c.json({ recorded: true }, 201)
    },
  )
}
