import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type BackupDocument,
  type BackupValue,
} from '#schema/backup'
import type { ServiceContext } from '../../context.ts'
import type { SystemDirectory } from '../../system-directory/system-directory.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { BLANKED_COLUMNS, listOrganisationTables, type TableInfo } from './organisation-tables.ts'

type Row = BackupValue[]

/** What a backup says about the organisation, besides its tables. */
export type BackupHeader = Omit<BackupDocument, 'tables'>

/** A backup's context: the organisation's record comes from the system directory. */
export type BackupContext = ServiceContext & { directory: SystemDirectory }

/** The organisation a backup belongs to, and when it was made. */
export async function readBackupHeader(ctx: BackupContext): Promise<BackupHeader> {
  requirePermission(ctx.actor, 'backup.run')
  const organisation = await ctx.directory.findOrganisation(ctx.actor.organisationId)
  if (!organisation) throw new Error(`organisation ${ctx.actor.organisationId} missing`)
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: Date.now(),
    organisation: {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      plan: organisation.plan,
      status: organisation.status,
      createdAt: organisation.createdAt,
    },
  }
}

/**
 * Reads every table of the actor's organisation file in one transaction, so the backup is
 * consistent, handing each table's rows to `visit` one at a time as values in the order of
 * the table's columns (a large organisation is never held in memory as rows). Users keep
 * their argon2id hashes, so people can sign in again after a restore; live setup and
 * Google tokens are left out.
 */
export async function exportOrganisation(
  ctx: BackupContext,
  visit: (table: TableInfo, rows: Iterable<Row>) => void,
): Promise<BackupHeader> {
  const header = await readBackupHeader(ctx)
  const client = ctx.db.$client
  client.transaction(() => {
    for (const table of listOrganisationTables(client)) {
      const names = table.columns.map((column) => column.name)
      const rows = client
        .prepare(
          `select ${names.map((name) => `"${name}"`).join(', ')} from "${table.name}" order by rowid`,
        )
        .raw(true)
        .iterate() as Iterable<Row>
      const blanked = (BLANKED_COLUMNS[table.name] ?? []).map((name) => names.indexOf(name))
      visit(table, blanked.length === 0 ? rows : blank(rows, blanked))
    }
  })()
  return header
}

function* blank(rows: Iterable<Row>, positions: readonly number[]): Iterable<Row> {
  for (const row of rows) {
    for (const position of positions) row[position] = null
    yield row
  }
}
