import type Database from 'better-sqlite3'
import type { BackupValue } from '#schema/backup'
import { deleteOrganisationSessions } from '../../auth/sessions.ts'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { checkBackup } from './check-backup.ts'
import { readBackupFile } from './read-backup-file.ts'
import { rebuildLoginDirectory } from './rebuild-login-directory.ts'

/** An insert of rows given as values in the order of `columns`. */
function prepareInsert(client: Database.Database, table: string, columns: readonly string[]) {
  return client.prepare(
    `insert into "${table}" (${columns.map((name) => `"${name}"`).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  )
}

/**
 * Replaces the actor's organisation's data with a JSON backup, in one transaction, after
 * checking the whole file. Every replicated row gets a new seq above all earlier ones, and
 * rows the backup does not have stay as tombstones, so every client resynchronises to
 * exactly the restored state. Then the login directory is rebuilt and the organisation's
 * sessions end: people sign in again with the restored accounts.
 */
export function restoreOrganisation(ctx: ServiceContext, bytes: Uint8Array) {
  requirePermission(ctx.actor, 'backup.run')
  const client = ctx.db.$client
  const organisationId = ctx.actor.organisationId
  const tables = checkBackup(client, ctx.systemDb, ctx.actor, readBackupFile(bytes))
  const counts: Record<string, number> = {}
  client.transaction(() => {
    let seq = client
      .prepare('select value from replication_counter where id = 1')
      .pluck()
      .get() as number
    const now = Date.now()
    for (const { info, columns, rows, ids, order } of tables) {
      // Rows the backup lacks stay as tombstones, so clients drop them too. Usually few:
      // only their ids are read first.
      const vanished = info.isReplicated
        ? (client.prepare(`select id from "${info.name}"`).pluck().all() as string[])
            .filter((id) => !ids.has(id))
            .map(
              (id) =>
                client.prepare(`select * from "${info.name}" where id = ?`).get(id) as Record<
                  string,
                  unknown
                >,
            )
        : []
      // Secondary indexes are built once after the rows are in, rather than row by row.
      const indexes = client
        .prepare(
          "select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null",
        )
        .all(info.name) as { name: string; sql: string }[]
      for (const index of indexes) client.prepare(`drop index "${index.name}"`).run()
      client.prepare(`delete from "${info.name}"`).run()
      if (info.isReplicated) {
        // Restored rows get new seqs in their old order, and now as their change time.
        const names = columns.filter((name) => name !== 'seq' && name !== 'updated_at')
        const positions = names.map((name) => columns.indexOf(name))
        const insert = prepareInsert(client, info.name, [...names, 'seq', 'updated_at'])
        const values: BackupValue[] = new Array(names.length + 2)
        for (const index of order) {
          const row = rows.at(index) as BackupValue[]
          positions.forEach((position, at) => {
            values[at] = row[position] ?? null
          })
          values[names.length] = ++seq
          values[names.length + 1] = now
          insert.run(values)
        }
        for (const row of vanished) {
          const tombstone = { ...row, deleted: 1, seq: ++seq, updated_at: now }
          prepareInsert(client, info.name, Object.keys(tombstone)).run(Object.values(tombstone))
        }
      } else if (rows.count > 0) {
        const insert = prepareInsert(client, info.name, columns)
        for (const index of order) insert.run(rows.at(index) as BackupValue[])
      }
      for (const index of indexes) client.prepare(index.sql).run()
      counts[info.name] = rows.count
    }
    client.prepare('update replication_counter set value = ? where id = 1').run(seq)
  })()
  rebuildLoginDirectory(client, ctx.systemDb, organisationId)
  deleteOrganisationSessions(ctx.systemDb, organisationId)
  return { message: 'Backup teruggezet. Log opnieuw in.', tables: counts }
}
