import type { PermissionName } from '#schema/permissions'
import type { UserRole } from '#schema/roles'
import type { SyncHub } from '#server/replication/sync-hub'
import type { OidcSignIn } from './auth/oidc.ts'
import type { OrganisationChoices } from './auth/organisation-choices.ts'
import type { Throttles } from './auth/throttles.ts'
import type { OrganisationCache } from './db/organisation-cache.ts'
import type { OrganisationDb } from './db/organisation-db.ts'
import type { SystemDb } from './db/system-db.ts'
import type { Env } from './env.ts'
import type { HeavyWorkQueue } from './http/heavy-work.ts'
import type { ScheduledBackups } from './jobs/scheduled-backups.ts'
import type { Logger } from './logger.ts'
import type { HeavyWorkPool } from './workers/heavy-work-pool.ts'

/** What the routes and services share for the life of the process. */
export type AppDeps = {
  env: Env
  systemDb: SystemDb
  organisations: OrganisationCache
  throttles: Throttles
  /** Sign-ins whose password matched several organisations, waiting for a pick. */
  organisationChoices: OrganisationChoices
  oidc: OidcSignIn | null
  log: Logger
  syncHub: SyncHub
  /** One heavy job (restore, import, backup, statements zip) at a time, the others waiting. */
  heavyWork: HeavyWorkQueue
  /** The worker thread where the heavy jobs' work runs, off the request thread. */
  heavyWorkPool: HeavyWorkPool
  /** The automatic Google Drive backups, rescheduled when their settings change. */
  scheduledBackups: ScheduledBackups
}

/** Hono's per-request variables. */
export type AppEnv = {
  Variables: {
    /** Set once a request acts in an organisation, so its listeners hear of a write. */
    organisationId: string | undefined
    /** PUBLIC_URL is https: cookies are Secure and session cookies __Host- prefixed. */
    isHttps: boolean
  }
}

/** Who performs a change: recorded in the activity log, checked for rights. */
export type Actor = {
  userId: string | null
  name: string
  role: UserRole | null
  /** For a sales session: the seller the signed-in sales user is (null: none). */
  sellerId?: string | null
  organisationId: string
  permissions: ReadonlySet<PermissionName>
}

/** Who is named in the activity log for a change. */
export type ActivityAuthor = Pick<Actor, 'userId' | 'name'>

/** What every service operation takes: the organisation's file, the system file, who acts. */
export type ServiceContext = { db: OrganisationDb; systemDb: SystemDb; actor: Actor }
