import type { PermissionName } from '#schema/permissions'
import type { UserRole } from '#schema/roles'
import type { OrganisationDb } from './db/organisation-db.ts'
import type { SystemDb } from './db/system-db.ts'
import type { SystemDirectory } from './system-directory/system-directory.ts'

// What a service operation is given. The process's shared pieces (AppDeps) are in
// app-deps.ts: a service that needed them here would import the jobs and the worker pool
// that are themselves made of services.

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

/**
 * What every service operation takes: the organisation's file, the system file and its
 * directory (sessions, organisations, the login directory: decision 047), who acts.
 */
export type ServiceContext = {
  db: OrganisationDb
  systemDb: SystemDb
  directory: SystemDirectory
  actor: Actor
}

/**
 * A write to an organisation's file and what the system directory does after it (decision
 * 047): `follow` runs once the file committed, since a better-sqlite3 transaction cannot
 * await and on PostgreSQL the directory is another store.
 */
export type FollowedWrite<Answer> = { value: Answer; follow: () => Promise<void> }
