import type Database from 'better-sqlite3'
import { deleteOrganisationSessions } from '../../auth/sessions.ts'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { checkBackup, columnValues } from './check-backup.ts'
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
export function restoreOrganisation(ctx: ServiceContext, input: unknown) {
  requirePermission(ctx.actor, 'backup.run')
  const client = ctx.db.$client
  const organisationId = ctx.actor.organisationId
  const { backup, tables } = checkBackup(client, ctx.systemDb, organisationId, input)
  const counts: Record<string, number> = {}
  client.transaction(() => {
    let seq = client
      .prepare('select value from replication_counter where id = 1')
      .pluck()
      .get() as number
    const now = Date.now()
    for (const table of tables) {
      const backupTable = backup.tables[table.name] ?? { columns: ['id'], rows: [] }
      const { columns, rows } = backupTable
      // Rows the backup lacks stay as tombstones, so clients drop them too. Usually few:
      // only their ids are read first.
      const kept = new Set(columnValues(backupTable, 'id'))
      const vanished = table.isReplicated
        ? (client.prepare(`select id from "${table.name}"`).pluck().all() as string[])
            .filter((id) => !kept.has(id))
            .map(
              (id) =>
                client.prepare(`select * from "${table.name}" where id = ?`).get(id) as Record<
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
        .all(table.name) as { name: string; sql: string }[]
      for (const index of indexes) client.prepare(`drop index "${index.name}"`).run()
      client.prepare(`delete from "${table.name}"`).run()
      if (table.isReplicated) {
        // Restored rows get new seqs in their old order, and now as their change time.
        const names = [...columns.filter((name) => name !== 'seq' && name !== 'updated_at')]
        const positions = names.map((name) => columns.indexOf(name))
        const seqAt = columns.indexOf('seq')
        const insert = prepareInsert(client, table.name, [...names, 'seq', 'updated_at'])
        const ordered = [...rows].sort((a, b) => Number(a[seqAt]) - Number(b[seqAt]))
        for (const row of ordered) {
          insert.run([...positions.map((position) => row[position]), ++seq, now])
        }
        for (const row of vanished) {
          const values = { ...row, deleted: 1, seq: ++seq, updated_at: now }
          prepareInsert(client, table.name, Object.keys(values)).run(Object.values(values))
        }
      } else if (rows.length > 0) {
        const insert = prepareInsert(client, table.name, columns)
        for (const row of rows) insert.run(row)
      }
      for (const index of indexes) client.prepare(index.sql).run()
      counts[table.name] = rows.length
    }
    client.prepare('update replication_counter set value = ? where id = 1').run(seq)
  })()
  rebuildLoginDirectory(client, ctx.systemDb, organisationId)
  deleteOrganisationSessions(ctx.systemDb, organisationId)
  return { message: 'Backup teruggezet. Log opnieuw in.', tables: counts }
}
