import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { getTableName } from 'drizzle-orm'
import { loginDirectory, organisations, sessions } from '#schema/db/system'
import { SYSTEM_COPY } from './copy-keys.ts'
import type { CopyStore } from './copy-store.ts'
import { CopyRestoreRefused, replaceWithCopy } from './restore-organisation-copy.ts'

/** Tables a system file has whatever its version: accounts, sessions, the organisation list. */
const SYSTEM_TABLES = [organisations, loginDirectory, sessions].map(getTableName)

/** Why a downloaded copy may not take the system file's place; null when it may. */
function findSystemCopyProblem(file: string): string | null {
  let db: Database.Database | undefined
  try {
    db = new Database(file, { fileMustExist: true })
    // A rollback journal: the file stands alone once it is moved, with no -wal beside it.
    db.pragma('journal_mode = DELETE')
    const checks = db.pragma('integrity_check') as { integrity_check: string }[]
    if (checks.length !== 1 || checks[0]?.integrity_check !== 'ok') return 'the copy is damaged'
    const tables = db
      .prepare("select name from sqlite_master where type = 'table'")
      .pluck()
      .all() as string[]
    const missing = SYSTEM_TABLES.filter((table) => !tables.includes(table))
    return missing.length > 0 ? `the copy is not a system file (no ${missing.join(', ')})` : null
  } catch (error) {
    return `the copy cannot be read: ${(error as Error).message}`
  } finally {
    db?.close()
  }
}

/**
 * Puts an off-machine copy of the system file (the latest, or the one under `key`) in
 * place of DATA_DIR/system.sqlite, making DATA_DIR when a lost machine left none. The copy
 * is downloaded beside the file, checked (intact, a system file) and renamed over it; a
 * file it replaces stays as `system.sqlite.before-restore-<time>`. Refused while a process
 * has the file open: every server process on DATA_DIR is stopped first.
 */
export async function restoreSystemCopy(options: {
  dataDir: string
  store: CopyStore
  key?: string
}) {
  const { dataDir, store } = options
  const key = options.key ?? (await store.list(SYSTEM_COPY)).at(-1)
  if (!key) throw new CopyRestoreRefused('no copy of the system file in the bucket')
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'system.sqlite')
  const folder = mkdtempSync(path.join(dataDir, '.system-copy-'))
  try {
    const downloaded = path.join(folder, 'copy.sqlite')
    const { organisationId: named } = await store.download(key, downloaded)
    if (named !== SYSTEM_COPY) {
      throw new CopyRestoreRefused(`${key} is not a copy of the system file`)
    }
    const problem = findSystemCopyProblem(downloaded)
    if (problem) throw new CopyRestoreRefused(`${key}: ${problem}`)
    const keptAs = replaceWithCopy(file, downloaded, 'stop every server on it first')
    return { key, keptAs }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
