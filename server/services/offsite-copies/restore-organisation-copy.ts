import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { getOrganisationFile, getRestoringMarker } from '../../db/organisation-db.ts'
import { findCopyProblem } from './check-organisation-copy.ts'
import type { CopyStore } from './copy-store.ts'

/** A refusal of the restore command, with the reason to print. */
export class CopyRestoreRefused extends Error {}

/**
 * Whether a process has the file open. Every connection to a WAL file holds a shared lock
 * on it while open, so taking SQLite's exclusive locking mode fails at once while any
 * other process (idle or not) has the file open. Closing this last connection
 * checkpoints the WAL into the file and removes the -wal and -shm.
 */
export function isHeldOpen(file: string) {
  const db = new Database(file, { fileMustExist: true })
  try {
    db.pragma('busy_timeout = 0')
    db.pragma('locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    db.exec('COMMIT')
    return false
  } catch (error) {
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return true
    throw error
  } finally {
    db.close()
  }
}

/**
 * Renames a checked copy over `file`, keeping the file it replaces (and a -wal left over)
 * as `<file>.before-restore-<time>`, whose name it answers. Refused while a process has
 * the file open: `stopFirst` tells the operator what to stop.
 */
export function replaceWithCopy(file: string, downloaded: string, stopFirst: string) {
  let keptAs: string | undefined
  if (existsSync(file)) {
    if (isHeldOpen(file)) throw new CopyRestoreRefused(`a process has ${file} open: ${stopFirst}`)
    keptAs = `${file}.before-restore-${new Date().toISOString().replaceAll(':', '-')}`
    renameSync(file, keptAs)
    // Normally gone with the last connection; a -wal left over belongs to the old file.
    if (existsSync(`${file}-wal`)) renameSync(`${file}-wal`, `${keptAs}-wal`)
    rmSync(`${file}-shm`, { force: true })
  }
  renameSync(downloaded, file)
  return keptAs
}

/**
 * Puts an off-machine copy in place of the organisation's file in DATA_DIR: the latest
 * copy, or the one under `key`. The copy is downloaded beside the file, checked (a SQLite
 * file, intact, of this organisation) and renamed over it; the file it replaces stays
 * as `<id>.sqlite.before-restore-<time>`. While it runs a marker file keeps every server
 * process from opening the organisation (they answer 503); it is refused while a process
 * has the file open: the operator stops the process serving the organisation first.
 */
export async function restoreOrganisationCopy(options: {
  dataDir: string
  organisationId: string
  store: CopyStore
  key?: string
}) {
  const { dataDir, organisationId, store } = options
  const file = getOrganisationFile(dataDir, organisationId)
  const key = options.key ?? (await store.list(organisationId)).at(-1)
  if (!key) throw new CopyRestoreRefused(`no copy of ${organisationId} in the bucket`)
  const marker = getRestoringMarker(dataDir, organisationId)
  // A lost machine's data directory may have no orgs/ folder yet.
  mkdirSync(path.dirname(file), { recursive: true })
  try {
    writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' })
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error
    throw new CopyRestoreRefused(`a restore of ${organisationId} is under way (${marker})`)
  }
  const folder = mkdtempSync(path.join(path.dirname(file), `.${organisationId}-copy-`))
  try {
    const downloaded = path.join(folder, 'copy.sqlite')
    const { organisationId: named } = await store.download(key, downloaded)
    if (named && named !== organisationId) {
      throw new CopyRestoreRefused(`${key} is a copy of ${named}, not ${organisationId}`)
    }
    const problem = findCopyProblem(downloaded, organisationId)
    if (problem) throw new CopyRestoreRefused(`${key}: ${problem}`)
    const keptAs = replaceWithCopy(
      file,
      downloaded,
      `stop the server serving ${organisationId} first`,
    )
    return { key, keptAs }
  } finally {
    rmSync(folder, { recursive: true, force: true })
    rmSync(marker, { force: true })
  }
}
