import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { workerData } from 'node:worker_threads'
import type { BackupFormat } from '#schema/backup'
import type { StatementPeriod } from '#schema/statements'
import type { Actor, ServiceContext } from '../context.ts'
import { getMachinePlacement, OrganisationCache } from '../db/organisation-cache.ts'
import { openSystemDb, type SystemDb } from '../db/system-db.ts'
import type { Env } from '../env.ts'
import { AppError } from '../errors/app-error.ts'
import { createLogger } from '../logger.ts'
import { createBackupFile } from '../services/backup/create-backup-file.ts'
import type { BackupLayout } from '../services/backup/read-backup-file.ts'
import { restoreOrganisation } from '../services/backup/restore-organisation.ts'
import {
  snapshotOrganisationFile,
  snapshotSystemFile,
} from '../services/offsite-copies/snapshot-organisation-file.ts'
import { importSales } from '../services/sales/sales-import/import-sales.ts'
import { readUploadedFile } from '../services/sales/sales-import/read-uploaded-file.ts'
import type { Statement } from '../services/sales/statements/statement.ts'
import { openSystemDirectory } from '../system-directory/open-system-directory.ts'
import type { SystemDirectory } from '../system-directory/system-directory.ts'
import type { WorkerAnswer } from './worker-answer.ts'

// The heavy jobs' work, in a worker thread (heavy-work-pool.ts starts it). Each task calls
// the same service functions the request thread would, on its own connections to the
// organisation's file and the system file (SQLite serialises the writers; WAL lets the
// request thread read meanwhile). Large data comes and goes as files or transferred
// buffers; a refusal (AppError) comes back as data, since a class does not cross threads.

const env = (workerData as { env: Env }).env
const log = createLogger(env.LOG_LEVEL)
let systemDb: SystemDb | undefined
// The worker's own system directory, on its own connection or PostgreSQL pool (the request
// thread's cannot cross threads): the organisations a restore reads and the epoch it starts.
let directory: Promise<SystemDirectory> | undefined
let sheets:
  | ReturnType<typeof import('../integrations/google/sheets-reader.ts').createSheetsAccess>
  | undefined

async function answer<T>(work: () => Promise<T> | T): Promise<WorkerAnswer<T>> {
  try {
    return { ok: true, value: await work() }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { ok: false, code: error.code, message: error.message, details: error.details }
  }
}

/**
 * Runs `work` with the actor's organisation's file open, closed again afterwards; with it
 * the file again (`openDb`) and the move check a writer across transactions asks.
 */
async function withContext<T>(
  actor: Actor,
  work: (
    ctx: ServiceContext,
    openDb: () => ServiceContext['db'],
    refuseWritesIfMoving: () => void,
  ) => Promise<T> | T,
) {
  systemDb ??= openSystemDb(env.SYSTEM_DIR)
  // A failed opening is not kept: the next task tries again.
  directory ??= openSystemDirectory({ databaseUrl: env.DATABASE_URL, systemDb }).catch(
    (error: unknown) => {
      directory = undefined
      throw error
    },
  )
  const opened = await directory
  const organisations = new OrganisationCache(
    env.DATA_DIR,
    opened,
    1,
    undefined,
    getMachinePlacement(env),
  )
  // A new cache per task: which machine holds what, read for it (with several machines).
  await organisations.learnPlacements()
  const openDb = () => organisations.get(actor.organisationId)
  try {
    return await work({ db: openDb(), systemDb, directory: opened, actor }, openDb, () =>
      organisations.refuseWritesIfMoving(actor.organisationId),
    )
  } finally {
    organisations.closeAll()
  }
}

/** A new temporary file for a download; the request thread removes its folder. */
function createDownloadFile() {
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-download-'))
  return { folder, file: path.join(folder, 'download') }
}

async function writeDownload(pieces: ReadableStream<Uint8Array> | Iterable<Uint8Array>) {
  const { folder, file } = createDownloadFile()
  const handle = openSync(file, 'w', 0o600)
  try {
    if (pieces instanceof ReadableStream) {
      const reader = pieces.getReader()
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        writeSync(handle, next.value)
      }
    } else {
      for (const piece of pieces) writeSync(handle, piece)
    }
    return { folder, file }
  } catch (error) {
    rmSync(folder, { recursive: true, force: true })
    throw error
  } finally {
    closeSync(handle)
  }
}

const onUnexpectedError = (error: unknown) => log.error('sales import row failed', { error })

/** Replaces the organisation's data with the backup in `file` (restoreOrganisation). */
export function restore(task: { actor: Actor; file: string; layout: BackupLayout }) {
  return answer(() =>
    withContext(task.actor, (ctx, _openDb, refuseWritesIfMoving) =>
      restoreOrganisation(ctx, task.file, task.layout, refuseWritesIfMoving),
    ),
  )
}

/** Reads an uploaded .csv/.xlsx (transferred) and imports its sales (importSales). */
export function importFile(task: { actor: Actor; bytes: ArrayBuffer; fileName: string }) {
  return answer(async () => {
    const table = await readUploadedFile(new Uint8Array(task.bytes))
    return withContext(task.actor, (ctx, _openDb, refuseWritesIfMoving) =>
      importSales(ctx, table, {
        source: `upload:${task.fileName}`,
        sourceLabel: task.fileName,
        onUnexpectedError,
        refuseWritesIfMoving,
      }),
    )
  })
}

/** Reads a Google Sheet range and imports its sales (importSales). */
export function importSheet(task: { actor: Actor; spreadsheetId: string; range: string }) {
  return answer(async () => {
    // The Google client (tens of MB) only in a worker that reads a sheet.
    const { createSheetsAccess } = await import('../integrations/google/sheets-reader.ts')
    const { readGoogleSheetTable } = await import(
      '../services/sales/sales-import/read-google-sheet.ts'
    )
    sheets ??= createSheetsAccess(env, log)
    if (sheets.status !== 'ready')
      throw new AppError('unavailable', 'Google Sheets is niet geconfigureerd')
    const table = await readGoogleSheetTable(sheets.reader, task.spreadsheetId, task.range)
    return withContext(task.actor, (ctx, _openDb, refuseWritesIfMoving) =>
      importSales(ctx, table, {
        source: `sheets:${task.spreadsheetId}`,
        sourceLabel: `Google Sheets ${task.spreadsheetId} (${task.range})`,
        onUnexpectedError,
        refuseWritesIfMoving,
      }),
    )
  })
}

/** The organisation's backup (createBackupFile) written to a temporary file. */
export function makeBackup(task: { actor: Actor; format: BackupFormat }) {
  return answer(() =>
    withContext(task.actor, async (ctx) => {
      const made = await createBackupFile(ctx, task.format)
      const written = await writeDownload(made.body)
      return { ...written, fileName: made.fileName, contentType: made.contentType }
    }),
  )
}

/** Every seller's statement as a zip (createStatementsZip) written to a temporary file. */
export function makeStatementsZip(task: { actor: Actor; period: StatementPeriod }) {
  return answer(() =>
    withContext(task.actor, async (ctx, openDb) => {
      // pdf-lib (about 26 MB once loaded) only in a worker that makes statements.
      const { createStatementsZip } = await import(
        '../services/sales/statements/create-statements-zip.ts'
      )
      const zip = await createStatementsZip(ctx, task.period, openDb)
      const written = await writeDownload(zip.body)
      return { ...written, fileName: zip.fileName, leftOut: zip.leftOut }
    }),
  )
}

/**
 * One seller's statement as a PDF (renderStatementPdf): a year of lines takes pdf-lib
 * seconds, which on the request thread every organisation would wait on.
 */
export function renderStatement(task: { statement: Statement }) {
  return answer(async () => {
    const { renderStatementPdf } = await import(
      '../services/sales/statements/render-statement-pdf.ts'
    )
    return renderStatementPdf(task.statement)
  })
}

/** The organisation's file as of one commit in a temporary folder (copySqliteFile), or null. */
export function snapshotOrganisation(task: { organisationId: string }) {
  return answer(() => snapshotOrganisationFile(env.DATA_DIR, task.organisationId))
}

/** The system file copied the same way, or null. */
export function snapshotSystem(_task: Record<string, never>) {
  return answer(() => snapshotSystemFile(env.SYSTEM_DIR))
}

const TASKS = {
  restore,
  importFile,
  importSheet,
  makeBackup,
  makeStatementsZip,
  renderStatement,
  snapshotOrganisation,
  snapshotSystem,
}

/** A heavy task by name: what heavy-work-pool.ts sends. */
export type HeavyTask = {
  [Name in keyof typeof TASKS]: { name: Name; input: Parameters<(typeof TASKS)[Name]>[0] }
}[keyof typeof TASKS]

/** The worker's entry: runs the named task. */
export default function runHeavyTask(task: HeavyTask) {
  return (TASKS[task.name] as (input: HeavyTask['input']) => Promise<unknown>)(task.input)
}
