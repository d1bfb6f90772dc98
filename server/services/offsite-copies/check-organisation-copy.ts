import { closeSync, openSync, readSync } from 'node:fs'
import Database from 'better-sqlite3'

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

/** Why a downloaded copy may not take the organisation's place; null when it may. */
export function findCopyProblem(file: string, organisationId: string): string | null {
  const header = Buffer.alloc(SQLITE_HEADER.length)
  const handle = openSync(file, 'r')
  try {
    readSync(handle, header, 0, header.length, 0)
  } finally {
    closeSync(handle)
  }
  if (!header.equals(SQLITE_HEADER)) return 'the copy is not a SQLite file'
  const db = new Database(file, { fileMustExist: true })
  try {
    // A rollback journal: the file stands alone once it is moved, with no -wal beside it.
    db.pragma('journal_mode = DELETE')
    const checks = db.pragma('integrity_check') as { integrity_check: string }[]
    if (checks.length !== 1 || checks[0]?.integrity_check !== 'ok') {
      return `the copy is damaged: ${checks
        .slice(0, 5)
        .map((check) => check.integrity_check)
        .join('; ')}`
    }
    const hasProfile = db
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'organization_profile'")
      .get()
    if (!hasProfile) return 'the copy is not an organisation file'
    const ids = db.prepare('select id from organization_profile').pluck().all() as string[]
    if (ids.length !== 1 || ids[0] !== organisationId) {
      return `the copy is of organisation ${ids.join(', ') || '(none)'}, not ${organisationId}`
    }
    return null
  } catch (error) {
    return `the copy cannot be read: ${(error as Error).message}`
  } finally {
    db.close()
  }
}
