import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { BUSY_TIMEOUT_MS } from './open-sqlite.ts'

/** A copy in a temporary folder of its own, which the caller removes. */
export type SqliteFileCopy = { folder: string; file: string }

/**
 * The one way a SQLite file is copied as of one commit (the download's SQLite backup, the
 * S3 copies): `VACUUM INTO` on a connection of its own. The copy is written under one read
 * transaction: in WAL mode writers go on meanwhile and the copy is the file as of one
 * commit (a backup in small steps starts over whenever another connection writes, so a
 * busy organisation might never finish). The copy is written without fsync (`VACUUM INTO`
 * takes the connection's `synchronous`): it is a temporary file, and a crash meanwhile
 * only means it is made again. Flushing it took the disk from the other organisations'
 * commits, which do fsync: their p99 beside a copy of 68 MB every second was 180 ms with
 * SQLite's backup API and 35 ms with this, as without a copy (decision 021). Blocking, so
 * it runs in the heavy-work worker. The copy is turned to a rollback journal so it stands
 * alone, without a -wal beside it. Null when there is no file.
 */
export function copySqliteFile(source: string, name: string): SqliteFileCopy | null {
  if (!existsSync(source)) return null
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-copy-'))
  const file = path.join(folder, `${name}.sqlite`)
  const db = new Database(source, { fileMustExist: true })
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    db.pragma('synchronous = OFF')
    db.prepare('VACUUM INTO ?').run(file)
    const copy = new Database(file)
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    return { folder, file }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  } finally {
    db.close()
  }
}
