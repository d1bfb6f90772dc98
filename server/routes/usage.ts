import { Hono } from 'hono'
import { findUsageDateProblem, UsageReportSchema } from '#schema/usage'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { AppError } from '../http/app-error.ts'
import { validate } from '../http/validate.ts'
import { authenticateAppKey } from '../services/usage/app-api-key.ts'
import { UsageBatcher } from '../services/usage/usage-batcher.ts'

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
