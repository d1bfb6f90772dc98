import type Database from 'better-sqlite3'
import { toSnakeCase } from 'drizzle-orm/casing'
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { BackupValue } from '#schema/backup'
import * as organisationSchema from '#schema/db/organisation'
import {
  PERMISSION_NAMES,
  type PermissionName,
  PLATFORM_PERMISSION_NAMES,
} from '#schema/permissions'
import { mayManageRole, SALES_ROLES, USER_ROLES, USER_STATUSES, type UserRole } from '#schema/roles'
import type { Actor } from '../../context.ts'
import { AppError } from '../../errors/app-error.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { isLowerRole } from '../users/user-rules.ts'

/**
 * Tables a restore never takes from a file: what the file says about them is ignored and
 * their current rows stay as they are. Permissions, system roles and their grants are
 * product definitions: the code seeds them again after every restore, so no file can
 * widen a role. The CRM outbox and the replicated-writes queue (with its refusal log) are
 * this server's work in progress, not the organisation's data: a file could otherwise
 * queue deliveries of its own making or hide refusals. They do stay in a download (see
 * organisation-tables.ts).
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

/**
 * The columns stored as booleans, per table, read from the schema. SQLite turns the text
 * '1' into the integer 1 in such a column, so anything but the numbers 0 and 1 is refused:
 * a grant cannot slip past the rules below as text.
 */
const BOOLEAN_COLUMNS: Record<string, ReadonlySet<string>> = Object.fromEntries(
  (Object.values(organisationSchema) as unknown[])
    .filter((table): table is SQLiteTable => table instanceof SQLiteTable)
    .map((table) => {
      const config = getTableConfig(table)
      const names = config.columns
        .filter((column) => column.columnType === 'SQLiteBoolean')
        .map((column) => (column.keyAsName ? toSnakeCase(column.name) : column.name))
      return [config.name, new Set(names)]
    }),
)

/**
 * What makes an account who it is and what it may do: an account the restorer may not
 * manage comes back with exactly these values, or the restore is refused.
 */
const GUARDED_COLUMNS = {
  users: [
    'organization_id',
    'email',
    'role',
    'status',
    'auth_method',
    'password_hash',
    'oidc_subject',
    'awaiting_approval',
    'deleted',
  ],
  sales_users: ['organization_id', 'email', 'role', 'status', 'password_hash', 'centraal_user_id'],
} as const

function refuse(where: string, message: string): never {
  throw new AppError('invalid_input', `Ongeldige backup: ${where}: ${message}`)
}

/** The rules of one restore: `check` for every row of a restored table, then `done`. */
export type RestoreRules = {
  /** Asynchronous for an account's row only (it asks the login directory), else undefined. */
  check(
    table: string,
    columns: readonly string[],
    row: readonly BackupValue[],
    where: string,
  ): Promise<void> | undefined
  done(table: string): void
}

/**
 * The checks that make a restore equivalent to writes the restorer may make: every row is
 * this organisation's, roles, statuses and booleans are known values, no account gets a
 * stronger role or a grant it does not hold now beyond what the restorer may assign on
 * Gebruikers, accounts the restorer may not manage come back unchanged, and no account
 * carries the id or SSO subject of another organisation's account. Reads the current file
 * and the login directory row by row through indexes; holds nothing per row but the ids
 * of the accounts the restorer may not manage.
 */
export function createRestoreRules(
  client: Database.Database,
  directory: SystemDirectory,
  actor: Actor,
): RestoreRules {
  const organisationId = actor.organisationId
  const currentUser = client.prepare(
    `select ${GUARDED_COLUMNS.users.map((name) => `"${name}"`).join(', ')} from users where id = ?`,
  )
  const currentSalesUser = client.prepare(
    `select ${GUARDED_COLUMNS.sales_users.map((name) => `"${name}"`).join(', ')} from sales_users where id = ?`,
  )
  const currentGrant = client
    .prepare('select granted from user_permissions where user_id = ? and permission_id = ?')
    .pluck()

  // As on Gebruikers: users.write, and the role rule (mayManageRole: only a SUPERADMIN
  // manages a SUPERADMIN). Gold Estates accounts are managed inside Gold Estates, which only someone
  // who may launch it (sales.launch) enters.
  const mayManage = (role: UserRole) =>
    actor.permissions.has('users.write') && mayManageRole(actor.role, role)
  const mayManageSalesUsers = actor.permissions.has('sales.launch')
  const unmanageableRoles = USER_ROLES.filter((role) => !mayManage(role))
  /** Accounts the restorer may not manage that the file brings back unchanged. */
  const keptUsers = new Set<BackupValue>()
  let keptSalesUsers = 0

  type Current = Record<string, BackupValue>
  const isUnchanged = (
    table: keyof typeof GUARDED_COLUMNS,
    current: Current,
    value: (name: string) => BackupValue | undefined,
  ) => GUARDED_COLUMNS[table].every((name) => (value(name) ?? null) === current[name])

  async function checkUser(value: (name: string) => BackupValue | undefined, where: string) {
    const current = currentUser.get(value('id')) as Current | undefined
    const live = current && current.deleted === 0 ? current : undefined
    if (live && !mayManage(live.role as UserRole)) {
      if (!isUnchanged('users', live, value)) {
        refuse(where, `het account ${live.email} (${live.role}) mag je niet wijzigen`)
      }
      keptUsers.add(value('id') ?? null)
    }
    const subject = value('oidc_subject')
    if (value('deleted') !== 1 && subject != null) {
      const holder = await directory.findEntryBySubject(String(subject))
      if (holder && holder.organisationId !== organisationId) {
        refuse(where, `oidc_subject ${subject} hoort bij een andere organisatie`)
      }
    }
    if (value('deleted') === 1) return
    // A user who is not there now holds nothing: any role but the weakest is a raise.
    const role = value('role') as UserRole
    const now = live?.role as UserRole | undefined
    const isRaised = now === undefined || isLowerRole(now, role)
    if (role !== 'USER' && isRaised && !mayManage(role)) {
      refuse(where, `de rol ${role} kun je niet toekennen`)
    }
  }

  function checkSalesUser(value: (name: string) => BackupValue | undefined, where: string) {
    if (mayManageSalesUsers) return
    const current = currentSalesUser.get(value('id')) as Current | undefined
    if (!current || !isUnchanged('sales_users', current, value)) {
      refuse(where, 'Gold Estates-accounts beheer je alleen als je Gold Estates mag openen')
    }
    keptSalesUsers++
  }

  function checkUserPermission(value: (name: string) => BackupValue | undefined, where: string) {
    const permission = String(value('permission_id')) as PermissionName
    if (!PERMISSION_NAMES.includes(permission)) refuse(where, `onbekend recht ${permission}`)
    if (PLATFORM_PERMISSION_NAMES.includes(permission)) {
      refuse(where, `het platformrecht ${permission} hoort niet in een organisatie`)
    }
    // No screen grants a permission: a grant is restored only if it is there now.
    const granted = value('granted') ?? 1
    const now = currentGrant.get(value('user_id'), permission) as number | undefined
    if (granted === 1 && now !== 1) {
      refuse(where, `het recht ${permission} kun je niet via een restore toekennen`)
    }
    // Nor are the rights of an account the restorer may not manage withdrawn.
    const user = currentUser.get(value('user_id')) as Current | undefined
    if (user && user.deleted === 0 && !mayManage(user.role as UserRole) && now !== granted) {
      refuse(where, `de rechten van ${user.email} (${user.role}) mag je niet wijzigen`)
    }
  }

  async function checkAccount(
    table: 'users' | 'sales_users',
    value: (name: string) => BackupValue | undefined,
    where: string,
  ) {
    const id = value('id')
    const kind = table === 'users' ? 'central' : 'sales'
    const other =
      id == null
        ? null
        : await directory.findOtherOrganisationOf({ kind, organisationId, userId: String(id) })
    if (other !== null) refuse(where, `id ${id} hoort bij een andere organisatie`)
    if (table === 'users') await checkUser(value, where)
    else checkSalesUser(value, where)
  }

  return {
    check(table, columns, row, where) {
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
      for (const column of BOOLEAN_COLUMNS[table] ?? []) {
        const found = value(column)
        if (found != null && found !== 0 && found !== 1) {
          refuse(where, `${column} moet 0 of 1 zijn`)
        }
      }
      if (table === 'users' || table === 'sales_users') return checkAccount(table, value, where)
      if (table === 'user_permissions') checkUserPermission(value, where)
      return undefined
    },

    /** After the last row of `table`: accounts the restorer may not manage are all there. */
    done(table) {
      if (table === 'users' && unmanageableRoles.length > 0) {
        const live = client
          .prepare(
            `select id, email, role from users where deleted = 0 and role in (${unmanageableRoles.map(() => '?').join(', ')}) order by rowid`,
          )
          .iterate(...unmanageableRoles) as Iterable<{ id: string; email: string; role: string }>
        for (const user of live) {
          if (!keptUsers.has(user.id)) {
            refuse(
              'tabel users',
              `het account ${user.email} (${user.role}) mag je niet verwijderen`,
            )
          }
        }
      }
      if (table === 'sales_users' && !mayManageSalesUsers) {
        const count = client.prepare('select count(*) from sales_users').pluck().get() as number
        if (keptSalesUsers !== count) {
          refuse(
            'tabel sales_users',
            'Gold Estates-accounts beheer je alleen als je Gold Estates mag openen',
          )
        }
      }
    },
  }
}
