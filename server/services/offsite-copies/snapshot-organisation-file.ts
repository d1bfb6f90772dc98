import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { BUSY_TIMEOUT_MS } from '../../db/open-sqlite.ts'
import { getOrganisationFile } from '../../db/organisation-db.ts'

// More pages than any file holds: the whole copy in one step of SQLite's backup.
const ALL_PAGES = 0x7fffffff

/**
 * Copies the organisation's file to a temporary file through SQLite's online backup, on a
 * connection of its own. The copy is taken in one step, under one read transaction: in WAL
 * mode writers go on meanwhile and the copy is the file as of one commit (a backup in
 * small steps starts over whenever another connection writes, so a busy organisation
 * might never finish). Blocking, so it runs in the heavy-work worker. The copy is turned
 * to a rollback journal so it stands alone, without a -wal beside it. Null when the
 * organisation has no file yet.
 */
export async function snapshotOrganisationFile(dataDir: string, organisationId: string) {
  const source = getOrganisationFile(dataDir, organisationId)
  if (!existsSync(source)) return null
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-copy-'))
  const file = path.join(folder, `${organisationId}.sqlite`)
  const db = new Database(source, { fileMustExist: true })
  try {
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`)
    await db.backup(file, { progress: () => ALL_PAGES })
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
