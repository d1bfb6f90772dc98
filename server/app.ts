import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { AppDeps, AppEnv } from './app-deps.ts'
import { readRequestSessions } from './auth/request-sessions.ts'
import { AppError } from './errors/app-error.ts'
import { compressAnswers } from './http/compress-answers.ts'
import { createErrorHandler } from './http/handle-error.ts'
import { createKnownHosts, requireKnownHost } from './http/known-hosts.ts'
import { requireNamedAccount } from './http/require-named-account.ts'
import { requireSameOrigin } from './http/require-same-origin.ts'
import { securityHeaders } from './http/security-headers.ts'
import { redactPath } from './logger.ts'
import { activityRoutes } from './routes/activities.ts'
import { adminRoutes } from './routes/admin.ts'
import { appConnectionRoutes } from './routes/app-connections.ts'
import { authRoutes } from './routes/auth.ts'
import {
  commissionPlanRoutes,
  projectRateRoutes,
  sellerPlanRoutes,
} from './routes/commission-plans.ts'
import { driveBackupRoutes } from './routes/drive-backups.ts'
import { healthRoutes } from './routes/health.ts'
import { heavyWorkRoutes } from './routes/heavy-work.ts'
import { logoutRoutes } from './routes/logout.ts'
import { mailUnsubscribeRoutes } from './routes/mail-unsubscribe.ts'
import { oidcRoutes } from './routes/oidc.ts'
import { outboxRoutes } from './routes/outbox.ts'
import { ownOrganisationRoutes } from './routes/own-organisation.ts'
import { platformOrganisationRoutes } from './routes/platform-organisations.ts'
import { profileRoutes } from './routes/profile.ts'
import { salesRoutes } from './routes/sales.ts'
import { salesAuthRoutes } from './routes/sales-auth.ts'
import { salesProjectRoutes, salesSellerRoutes } from './routes/sales-catalog.ts'
import { salesCommissionPaymentRoutes, salesCommissionRoutes } from './routes/sales-commissions.ts'
import { salesImportRoutes } from './routes/sales-import.ts'
import { salesProfileRoutes } from './routes/sales-profile.ts'
import { salesSettingsRoutes } from './routes/sales-settings.ts'
import { salesStatementRoutes } from './routes/sales-statements.ts'
import { salesStatsRoutes } from './routes/sales-stats.ts'
import { statsRoutes } from './routes/stats.ts'
import { syncRoutes } from './routes/sync.ts'
import { centralSyncRefusalRoutes, salesSyncRefusalRoutes } from './routes/sync-refusals.ts'
import { usageReportRoutes } from './routes/usage.ts'
import { userRoutes } from './routes/users.ts'
import { webRoutes } from './routes/web.ts'

const MAX_BODY_BYTES = 1024 * 1024

/** A middleware that skips some paths. */
function except(paths: string[], middleware: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  return (c, next) => (paths.includes(c.req.path) ? next() : middleware(c, next))
}

/** The whole HTTP application: composition only. */
export function createApp(deps: AppDeps, options: { webRoot: string }) {
  const isKnownHost = createKnownHosts(deps.env)
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      await next()
      // After a successful write, the organisation's open streams hear of it.
      const organisationId = c.get('organisationId')
      if (organisationId && c.req.method !== 'GET' && c.res.status < 400) {
        deps.syncHub.notify(organisationId)
      }
    })
    .use(
      // A restore and a sales file upload have their own, larger limits
      // (routes/admin.ts, routes/sales-import.ts).
      except(
        ['/api/admin/restore', '/api/gold-estates/sheets/import'],
        bodyLimit({
          maxSize: MAX_BODY_BYTES,
          onError: () => {
            throw new AppError('payload_too_large', 'De aanvraag is te groot (maximaal 1 MiB)')
          },
        }),
      ),
    )
    .use(requireSameOrigin(deps.env.PUBLIC_URL, isKnownHost))
    .use(readRequestSessions(deps.directory, deps.log))
    .use(requireNamedAccount(deps))
    // The URL map: each group of routes under its own prefix (all under /api).
    .route('/health', healthRoutes())
    .route('/auth', authRoutes(deps))
    .route('/login', oidcRoutes(deps))
    .route('/logout', logoutRoutes(deps, options.webRoot))
    .route('/users', userRoutes(deps))
    .route('/app-connections', appConnectionRoutes(deps))
    .route('/usage', usageReportRoutes(deps))
    .route('/stats', statsRoutes(deps))
    .route('/activities', activityRoutes(deps))
    .route('/organisation', ownOrganisationRoutes(deps))
    .route('/organisations', platformOrganisationRoutes(deps))
    // The paths of earlier versions, spelled the American way: an offline queue may still
    // hold a call to them, replayed when the device is back (decision 020).
    .route('/organization', ownOrganisationRoutes(deps))
    .route('/organizations', platformOrganisationRoutes(deps))
    .route('/profile', profileRoutes(deps))
    .route('/mail', mailUnsubscribeRoutes(deps))
    .route('/sync', syncRoutes(deps))
    .route('/sync-refusals', centralSyncRefusalRoutes(deps))
    .route('/admin/outbox', outboxRoutes(deps))
    .route('/mail', mailUnsubscribeRoutes(deps))
    .route('/admin', adminRoutes(deps))
    .route('/backup', driveBackupRoutes(deps))
    .route('/heavy-work', heavyWorkRoutes(deps, 'central'))
    // Gold Estates, the sales area: the same, under /gold-estates.
    .route('/gold-estates/auth', salesAuthRoutes(deps))
    .route('/gold-estates/projects', salesProjectRoutes(deps))
    .route('/gold-estates/projects', projectRateRoutes(deps))
    .route('/gold-estates/sellers', salesSellerRoutes(deps))
    .route('/gold-estates/sellers', sellerPlanRoutes(deps))
    .route('/gold-estates/commission-plans', commissionPlanRoutes(deps))
    .route('/gold-estates/sales', salesRoutes(deps))
    .route('/gold-estates/commissions', salesCommissionRoutes(deps))
    .route('/gold-estates/commission-payments', salesCommissionPaymentRoutes(deps))
    .route('/gold-estates/stats', salesStatsRoutes(deps))
    .route('/gold-estates/settings', salesSettingsRoutes(deps))
    .route('/gold-estates/profile', salesProfileRoutes(deps))
    .route('/gold-estates/sheets', salesImportRoutes(deps))
    .route('/gold-estates/statements', salesStatementRoutes(deps))
    .route('/gold-estates/sync-refusals', salesSyncRefusalRoutes(deps))
    .route('/gold-estates/heavy-work', heavyWorkRoutes(deps, 'sales'))
    .all('*', (c) =>
      c.json(
        {
          message: `Onbekend adres: ${c.req.method} ${redactPath(c.req.path)}`,
          code: 'not_found',
        },
        404,
      ),
    )

  const app = new Hono<AppEnv>()
  app.use(async (c, next) => {
    const started = performance.now()
    await next()
    deps.log.info('request', {
      method: c.req.method,
      path: redactPath(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    })
  })
  app.onError(
    createErrorHandler(deps.log, {
      isMoving: (organisationId) => deps.organisations.isMoving(organisationId),
    }),
  )
  const isHttps = new URL(deps.env.PUBLIC_URL).protocol === 'https:'
  app.use(async (c, next) => {
    c.set('isHttps', isHttps)
    await next()
  })
  app.use(securityHeaders(deps.env.PUBLIC_URL))
  // JSON and pages compressed on the fly (sync pages shrink about eightfold; not under a
  // kilobyte); built files come precompressed (routes/web.ts); the event stream never. A
  // backup download is a file to keep as it is, hundreds of megabytes, which the shared
  // process should not spend time on.
  app.use(except(['/api/admin/backup'], compressAnswers({ threshold: 1024 })))
  app.use(requireKnownHost(isKnownHost))
  // Chained, so that the returned type carries the API's routes (AppType).
  return app
    .route('/api', api)
    .route(
      '/',
      webRoutes(options.webRoot, { salesHost: deps.env.SALES_HOST, directory: deps.directory }),
    )
}

/** The routes with their inputs and answers, for the web's typed client (web/lib/api-client.ts). */
export type AppType = ReturnType<typeof createApp>
