import type { CreateExpiringTokens } from './auth/expiring-tokens.ts'
import type { OidcSignIn } from './auth/oidc.ts'
import type { OrganisationChoices } from './auth/organisation-choices.ts'
import type { Throttles } from './auth/throttles.ts'
import type { OrganisationCache } from './db/organisation-cache.ts'
import type { SystemDb } from './db/system-db.ts'
import type { Env } from './env.ts'
import type { HeavyWorkPool } from './heavy-work/heavy-work-pool.ts'
import type { HeavyWorkQueue } from './heavy-work/heavy-work-queue.ts'
import type { ScheduledBackups } from './jobs/scheduled-backups.ts'
import type { Logger } from './logger.ts'
import type { SyncHub } from './replication/sync-hub.ts'
import type { RequestSessions } from './system-directory/session-lifetime.ts'
import type { SystemDirectory } from './system-directory/system-directory.ts'

// What create-server.ts builds once and hands to the routes. Services and jobs that the
// pieces below are made of name the few parts they need by their own types, never
// AppDeps, so that no piece depends on the whole it is part of.

/** What the routes and services share for the life of the process. */
export type AppDeps = {
  env: Env
  systemDb: SystemDb
  /**
   * Sessions, organisations and the login directory (decision 047): on the system file's
   * connection today; the callers move to it from `systemDb` one at a time.
   */
  directory: SystemDirectory
  organisations: OrganisationCache
  throttles: Throttles
  /** Makes a store of values waiting for a token: in memory, or in the shared Redis. */
  createExpiringTokens: CreateExpiringTokens
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
    /** The sessions of the call's cookies, read before an API route (readRequestSessions). */
    sessions: RequestSessions | undefined
  }
}
