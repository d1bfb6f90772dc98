import type Database from 'better-sqlite3'
import { BackupHeaderSchema, type BackupValue } from '#schema/backup'
import type { ServiceContext } from '../../context.ts'
import { seedOrganisationFile } from '../../db/seed-organisation-file.ts'
import { AppError } from '../../errors/app-error.ts'
import { startOrganisationEpoch } from '../organisation-epoch/organisation-epoch.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { checkBackup } from './check-backup.ts'
import { noteRestore } from './note-restore.ts'
import type { TableInfo } from './organisation-tables.ts'
import { type BackupLayout, readBackupFile } from './read-backup-file.ts'
import { rebuildLoginDirectory } from './rebuild-login-directory.ts'

const quote = (name: string) => `"${name}"`

/** An insert of rows given as values in the order of `columns`. */
function prepareInsert(client: Database.Database, table: string, columns: readonly string[]) {
  return client.prepare(
    `insert into ${quote(table)} (${columns.map(quote).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
  )
}

/**
 * Rows that were there before and are not in the backup come back as tombstones with new
 * seqs after every restored row, so clients drop them too. Done in SQL from a copy of the
 * table taken before it was emptied: no id is held in memory.
 */
function writeTombstones(
  client: Database.Database,
  info: TableInfo,
  firstSeq: number,
  now: number,
) {
  const names = info.columns.map((column) => column.name)
  const values = names.map((name) =>
    name === 'deleted'
      ? '1'
      : name === 'seq'
        ? `${firstSeq} + row_number() over (order by old.seq)`
        : name === 'updated_at'
          ? String(now)
          : `old.${quote(name)}`,
  )
  const written = client
    .prepare(
      `insert into ${quote(info.name)} (${names.map(quote).join(', ')}) select ${values.join(', ')} from restore_previous old where old.id not in (select id from ${quote(info.name)})`,
    )
    .run()
  return written.changes
}

/**
 * Replaces the actor's organisation's data with a JSON backup on disk, in one transaction,
 * after checking the whole file (check-backup.ts). Rows are read from the file one at a
 * time, twice (check, then write); nothing per row stays in memory but the ids other
 * tables refer to. A restored row's seq is the counter's value plus its old seq, so rows
 * keep their order above every earlier seq; rows the backup does not have stay as
 * tombstones after them. Every client so resynchronises to exactly the restored state.
 * Tables the restore rules leave out (restore-rules.ts NOT_RESTORED) keep their rows; the
 * product definitions among them are seeded again from the code. Then the login directory
 * is rebuilt, the organisation starts a new epoch (devices keep what they made before it
 * as refusals instead of sending it), the restore is written into the restored log
 * (noteRestore) and its sessions end: people sign in again with the restored accounts.
 */
export async function restoreOrganisation(
  ctx: ServiceContext,
  file: string,
  layout: BackupLayout,
  /**
   * Asked once the restore's transaction holds the write lock: throws when the file may
   * no longer be written (its organisation began moving to another machine while the
   * backup was checked, decision 048), so the restore is not committed into the file the
   * move sets aside.
   */
  refuseWritesIfMoving: () => void = () => {},
) {
  requirePermission(ctx.actor, 'backup.run')
  const client = ctx.db.$client
  const organisationId = ctx.actor.organisationId
  // The name as the platform knows it, for a profile the file lacks: read before the
  // write, which cannot await.
  const organisation = await ctx.directory.findOrganisation(organisationId)
  if (!organisation) throw new Error(`organisation ${organisationId} missing`)
  const backup = readBackupFile(file, layout)
  // The file stays open across the checks' awaits: in the heavy worker, this task's cache
  // holds it alone (heavy-worker.ts).
  const tables = await checkBackup(client, ctx.directory, ctx.actor, backup)
  // Checked whole by checkBackup just now.
  const { createdAt: backupCreatedAt } = BackupHeaderSchema.parse(backup.header)
  const counts: Record<string, number> = {}
  const write = client.transaction(() => {
    refuseWritesIfMoving()
    const base =
      (client
        .prepare('select value from replication_counter where id = 1')
        .pluck()
        .get() as number) + 1
    let next = base
    const now = Date.now()
    for (const { info, columns, rows } of tables) {
      // Secondary indexes are built once after the rows are in, rather than row by row.
      // Rebuilding a unique one (seq, e-mail) also refuses duplicates the file carried.
      // Triggers (a line's write moves its sale's seq) wait too: every restored row has
      // its new seq already.
      const derived = client
        .prepare(
          "select type, name, sql from sqlite_master where type in ('index', 'trigger') and tbl_name = ? and sql is not null",
        )
        .all(info.name) as { type: 'index' | 'trigger'; name: string; sql: string }[]
      if (info.isReplicated) {
        client.prepare('drop table if exists temp.restore_previous').run()
        client
          .prepare(`create temp table restore_previous as select * from ${quote(info.name)}`)
          .run()
      }
      for (const object of derived) {
        client.prepare(`drop ${object.type} ${quote(object.name)}`).run()
      }
      client.prepare(`delete from ${quote(info.name)}`).run()
      if (info.isReplicated) {
        const names = columns.filter((name) => name !== 'seq' && name !== 'updated_at')
        const positions = names.map((name) => columns.indexOf(name))
        const seqAt = columns.indexOf('seq')
        const insert = prepareInsert(client, info.name, [...names, 'seq', 'updated_at'])
        const values: BackupValue[] = new Array(names.length + 2)
        for (const row of rows.read() as Iterable<BackupValue[]>) {
          positions.forEach((position, at) => {
            values[at] = row[position] ?? null
          })
          const seq = base + (row[seqAt] as number)
          values[names.length] = seq
          values[names.length + 1] = now
          insert.run(values)
          next = Math.max(next, seq + 1)
        }
        next += writeTombstones(client, info, next - 1, now)
        client.prepare('drop table temp.restore_previous').run()
      } else {
        const insert = prepareInsert(client, info.name, columns)
        for (const row of rows.read() as Iterable<BackupValue[]>) insert.run(row)
      }
      for (const object of derived) client.prepare(object.sql).run()
      counts[info.name] = rows.count
    }
    client.prepare('update replication_counter set value = ? where id = 1').run(next - 1)
  })
  try {
    write.immediate()
  } catch (error) {
    // A unique index rebuilt after the rows, or a primary key, refuses what the file held
    // twice; nothing was written.
    const code = (error as { code?: string }).code
    if (code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
      throw new AppError(
        'invalid_input',
        `Ongeldige backup: een waarde staat er twee keer in (${(error as Error).message})`,
      )
    }
    throw error
  }
  // Product definitions come from the code, never from a file: the restore left them as
  // they were, and they are seeded again now, as when the file is opened. (Drizzle's
  // transaction cannot run inside the one above, so this follows its commit.)
  seedOrganisationFile(ctx.db, organisationId, organisation.name)
  await rebuildLoginDirectory(client, ctx.directory, organisationId)
  // After the commit, as before: a refused backup (above) starts no epoch. Should the
  // directory fail here, the restore answers an error with the data restored and the
  // epoch unchanged, and is run again (restoring twice is restoring once).
  const epoch = await startOrganisationEpoch(ctx.directory, organisationId)
  noteRestore(ctx, { backupCreatedAt, epoch })
  await ctx.directory.deleteOrganisationSessions(organisationId)
  return { message: 'Backup teruggezet. Log opnieuw in.', tables: counts }
}
