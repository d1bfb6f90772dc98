import type Database from 'better-sqlite3'
import type { BackupValue } from '#schema/backup'
import {
  PERMISSION_NAMES,
  type PermissionName,
  PLATFORM_PERMISSION_NAMES,
} from '#schema/permissions'
import { SALES_ROLES, USER_ROLES, USER_STATUSES, type UserRole } from '#schema/roles'
import type { Actor } from '../../context.ts'
import type { SystemDb } from '../../db/system-db.ts'
import { AppError } from '../../http/app-error.ts'
import { isLowerRole } from '../users/user-rules.ts'

/**
 * Tables a restore never takes from a file. Permissions, system roles and their grants are
 * product definitions: the code seeds them, so no file can widen a role. The outbox and
 * the refused-writes queue are this server's work in progress, not the organisation's data.
 */
export const NOT_RESTORED = new Set([
  'permissions',
  'roles',
  'role_permissions',
  'webhook_outbox',
  'sync_queue',
])

const ENUMERATIONS: Record<string, Record<string, readonly string[]>> = {
  users: { role: USER_ROLES, status: USER_STATUSES },
  sales_users: { role: SALES_ROLES, status: USER_STATUSES },
}

function refuse(where: string, message: string): never {
  throw new AppError('invalid_input', `Ongeldige backup: ${where}: ${message}`)
}

/**
 * The checks that make a restore equivalent to writes the restorer may make: every row is
 * this organisation's, roles and statuses are known values, no account gets a stronger role
 * or a grant it does not hold now beyond what the restorer may assign on Gebruikers, and no
 * account carries the id of another organisation's account. Reads the current file and the
 * login directory row by row through indexes; holds nothing per row.
 */
export function createRestoreRules(client: Database.Database, systemDb: SystemDb, actor: Actor) {
  const organisationId = actor.organisationId
  const currentRole = client.prepare('select role from users where id = ? and deleted = 0').pluck()
  const currentGrant = client
    .prepare(
      'select 1 from user_permissions where user_id = ? and permission_id = ? and granted = 1',
    )
    .pluck()
  const directoryOwner = systemDb.$client
    .prepare(
      'select organization_id from login_directory where user_id = ? and kind = ? and organization_id != ?',
    )
    .pluck()
  const mayAssign = (role: UserRole) =>
    actor.permissions.has('users.write') && (role !== 'SUPERADMIN' || actor.role === 'SUPERADMIN')

  /** Checks one row of `table` given as values in the order of `columns`. */
  return (
    table: string,
    columns: readonly string[],
    row: readonly BackupValue[],
    where: string,
  ) => {
    const value = (name: string) => {
      const position = columns.indexOf(name)
      return position < 0 ? undefined : row[position]
    }
    const owner = table === 'organization_profile' ? value('id') : value('organization_id')
    if (owner !== undefined && owner !== organisationId) {
      refuse(where, `organisatie ${owner} is niet de organisatie die je terugzet`)
    }
    for (const [column, allowed] of Object.entries(ENUMERATIONS[table] ?? {})) {
      const found = value(column)
      if (found !== undefined && !allowed.includes(String(found))) {
        refuse(where, `${column} ${found} bestaat niet`)
      }
    }
    if (table === 'users' || table === 'sales_users') {
      const kind = table === 'users' ? 'central' : 'sales'
      const other = directoryOwner.get(value('id'), kind, organisationId)
      if (other !== undefined) refuse(where, `id ${value('id')} hoort bij een andere organisatie`)
    }
    if (table === 'users' && value('deleted') !== 1) {
      const role = value('role') as UserRole
      const now = currentRole.get(value('id')) as UserRole | undefined
      const isRaised = now === undefined || isLowerRole(now, role)
      if (role !== 'USER' && isRaised && !mayAssign(role)) {
        refuse(where, `de rol ${role} kun je niet toekennen`)
      }
    }
    if (table === 'user_permissions') {
      const permission = String(value('permission_id')) as PermissionName
      if (!PERMISSION_NAMES.includes(permission)) refuse(where, `onbekend recht ${permission}`)
      if (PLATFORM_PERMISSION_NAMES.includes(permission)) {
        refuse(where, `het platformrecht ${permission} hoort niet in een organisatie`)
      }
      const isNewGrant = value('granted') === 1 && !currentGrant.get(value('user_id'), permission)
      if (isNewGrant) refuse(where, `het recht ${permission} kun je niet via een restore toekennen`)
    }
  }
}
