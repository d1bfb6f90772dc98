import type { SessionData } from '#schema/db/system'
import type { PermissionName } from '#schema/permissions'
import type { UserRole } from '#schema/roles'
import type { LoginThrottle } from './auth/login-throttle.ts'
import type { OidcSignIn } from './auth/oidc.ts'
import type { OrganisationCache } from './db/organisation-cache.ts'
import type { OrganisationDb } from './db/organisation-db.ts'
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

/** Who performs a change: recorded in the activity log, checked for rights. */
export type Actor = {
  userId: string | null
  name: string
  role: UserRole | null
  organisationId: string
  permissions: ReadonlySet<PermissionName>
}

/** Who is named in the activity log for a change. */
export type ActivityAuthor = Pick<Actor, 'userId' | 'name'>

/** What every service operation takes: the organisation's file, the system file, who acts. */
export type ServiceContext = { db: OrganisationDb; systemDb: SystemDb; actor: Actor }
