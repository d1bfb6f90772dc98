import { Hono } from 'hono'
import { findUsageDateProblem, UsageReportSchema } from '#schema/usage'
import { EPOCH_HEADER } from '#sync/account'
import type { AppDeps, AppEnv } from '../app-deps.ts'
import { AppError } from '../errors/app-error.ts'
import { validate } from '../http/validate.ts'
import { requireCurrentEpoch } from '../services/organisation-epoch/organisation-epoch.ts'
import { authenticateAppKey } from '../services/usage/app-api-key.ts'
import { UsageBatcher } from '../services/usage/usage-batcher.ts'

type UsageEnv = {
  Variables: AppEnv['Variables'] & { appKey: { organisationId: string; appConnectionId: string } }
}

/** POST /api/usage (mounted at /usage): reports from the apps, with their API key. */
export function usageReportRoutes(deps: AppDeps) {
  const batcher = new UsageBatcher(deps.organisations)
  return new Hono<UsageEnv>().post(
    '/',
    // The key is checked before the body: a caller without one learns nothing more.
    async (c, next) => {
      // Only the ids are kept: the organisation's file may be closed while the body arrives.
      const { organisationId, appConnectionId } = authenticateAppKey(
        deps.organisations,
        c.req.header('authorization'),
      )
      c.set('appKey', { organisationId, appConnectionId })
      // An epoch named is judged here too (requireNamedAccount judges a session's).
      const epoch = c.req.header(EPOCH_HEADER)
      if (epoch !== undefined) await requireCurrentEpoch(deps.directory, organisationId, epoch)
      await next()
    },
    validate('json', UsageReportSchema),
    async (c) => {
      const target = c.get('appKey')
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
