import { deleteOrganisationSessions } from '../../auth/sessions.ts'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { checkBackup } from './check-backup.ts'
import { rebuildLoginDirectory } from './rebuild-login-directory.ts'

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
    for (const table of tables) {
      const rows = backup.tables[table.name] ?? []
      const kept = new Set(rows.map((row) => row.id))
      const vanished = table.isReplicated
        ? (
            client.prepare(`select * from "${table.name}"`).all() as Record<string, unknown>[]
          ).filter((row) => !kept.has(row.id as string))
        : []
      client.prepare(`delete from "${table.name}"`).run()
      const replicatedRows = table.isReplicated
        ? [...rows].sort((a, b) => Number(a.seq) - Number(b.seq))
        : rows
      for (const row of [...replicatedRows, ...vanished.map((row) => ({ ...row, deleted: 1 }))]) {
        const values = table.isReplicated ? { ...row, seq: ++seq, updated_at: Date.now() } : row
        const columns = Object.keys(values)
        client
          .prepare(
            `insert into "${table.name}" (${columns.map((column) => `"${column}"`).join(', ')}) values (${columns.map((column) => `@${column}`).join(', ')})`,
          )
          .run(values)
      }
      counts[table.name] = rows.length
    }
    client.prepare('update replication_counter set value = ? where id = 1').run(seq)
  })()
  rebuildLoginDirectory(client, ctx.systemDb, organisationId)
  deleteOrganisationSessions(ctx.systemDb, organisationId)
  return { message: 'Backup teruggezet. Log opnieuw in.', tables: counts }
}
