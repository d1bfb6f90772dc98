import type { SessionData } from '#schema/db/system'
import type { LoginThrottle } from './auth/login-throttle.ts'
import type { OidcSignIn } from './auth/oidc.ts'
import type { OrganisationCache } from './db/organisation-cache.ts'
import type { SystemDb } from './db/system-db.ts'
import type { Env } from './env.ts'
import type { Logger } from './logger.ts'

/** What the routes and services share for the life of the process. */
export type AppDeps = {
  env: Env
  systemDb: SystemDb
  organisations: OrganisationCache
  throttle: LoginThrottle
  oidc: OidcSignIn | null
  log: Logger
}

/** Hono's per-request variables. */
export type AppEnv = {
  Variables: {
    centralSession: SessionData | null
  }
}

/** Who performs a change, as recorded in the activity log. */
export type Actor = { userId: string | null; name: string }
