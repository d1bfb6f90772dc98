import { createReadStream } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import { Readable } from 'node:stream'
import { Piscina } from 'piscina'
import type { BackupFormat } from '#schema/backup'
import type { StatementPeriod } from '#schema/statements'
import type { Actor } from '../context.ts'
import type { Env } from '../env.ts'
import type { BackupLayout } from '../services/backup/read-backup-file.ts'
import type { Statement } from '../services/sales/statements/statement.ts'
import { budgetOf, refusalOf } from './heavy-work-budget.ts'
import type * as HeavyWorker from './heavy-worker.ts'
import { unwrapAnswer } from './worker-answer.ts'

type Tasks = Omit<typeof HeavyWorker, 'default'>
type TaskName = keyof Tasks
type TaskValue<Name extends TaskName> =
  Awaited<ReturnType<Tasks[Name]>> extends infer A
    ? A extends { ok: true; value: infer V }
      ? V
      : never
    : never

/** The worker threads that do the heavy jobs' work; see createHeavyWorkPool. */
export type HeavyWorkPool = ReturnType<typeof createHeavyWorkPool>

// From source (tsx in dev, vitest in tests) the worker is TypeScript and registers tsx in
// its own thread first; the build (vite.server.config.ts) makes it dist/heavy-worker.js,
// beside the server's chunks.
const isSource = import.meta.url.endsWith('.ts')
const WORKER_FILE = new URL(
  isSource ? './heavy-worker-from-source.mjs' : './heavy-worker.js',
  import.meta.url,
)

/**
 * A download the worker wrote to a temporary file, read from disk as it is sent; the file
 * goes once it is read to the end, the reading fails or is cancelled.
 */
function streamDownload(written: { folder: string; file: string }) {
  const stream = createReadStream(written.file, { highWaterMark: 256 * 1024 })
  stream.once('close', () => void rm(written.folder, { recursive: true, force: true }))
  return Readable.toWeb(stream) as ReadableStream<Uint8Array>
}

/**
 * One worker thread, kept for a minute after its last task (pdf-lib and read-excel-file
 * stay loaded between jobs) and then stopped, so an idle server holds no second heap.
 * One thread: the HeavyWorkQueue lets one request job run at a time, and a scheduled Drive
 * backup, which does not wait in that queue, waits in the pool's own.
 */
export function createHeavyWorkPool(env: Env, workerFile: URL = WORKER_FILE) {
  const pool = new Piscina({
    filename: workerFile.href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 60_000,
    workerData: { env },
    execArgv: [],
    // A job that needs more heap ends the thread (ERR_WORKER_OUT_OF_MEMORY), not the process.
    // Half V8's young generation: the default grows to about 48 MB under a job's garbage and
    // stays while the thread idles; 12 MB (as the server's own) made imports half as fast.
    resourceLimits: {
      maxOldGenerationSizeMb: env.HEAVY_WORKER_HEAP_MB,
      maxYoungGenerationSizeMb: 24,
    },
  })
  async function run<Name extends TaskName>(
    name: Name,
    task: Parameters<Tasks[Name]>[0],
    transferList?: ArrayBuffer[],
  ): Promise<TaskValue<Name>> {
    const budget = budgetOf(env, name)
    let answer: Parameters<typeof unwrapAnswer<TaskValue<Name>>>[0]
    try {
      // Past its budget the task's thread is terminated and piscina starts a new one.
      answer = await pool.run(
        { name, input: task },
        { transferList, signal: AbortSignal.timeout(budget.seconds * 1000) },
      )
    } catch (error) {
      throw refusalOf(error, budget) ?? error
    }
    return unwrapAnswer(answer)
  }

  return {
    /** Replaces the organisation's data with the backup on disk (restoreOrganisation). */
    restore: (actor: Actor, file: string, layout: BackupLayout) =>
      run('restore', { actor, file, layout }),

    /** Reads and imports an uploaded .csv/.xlsx; `bytes` is handed over, not copied. */
    importFile(actor: Actor, bytes: Uint8Array, fileName: string) {
      const whole =
        bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
          ? (bytes.buffer as ArrayBuffer)
          : bytes.slice().buffer
      return run('importFile', { actor, bytes: whole, fileName }, [whole])
    },

    /** Reads and imports a Google Sheet range. */
    importSheet: (actor: Actor, spreadsheetId: string, range: string) =>
      run('importSheet', { actor, spreadsheetId, range }),

    /** The backup as a download body read from the file the worker wrote. */
    async makeBackup(actor: Actor, format: BackupFormat) {
      const { folder, file, ...made } = await run('makeBackup', { actor, format })
      return { ...made, body: streamDownload({ folder, file }) }
    },

    /** The backup in memory, for an upload that may be retried (Drive). */
    async makeBackupBytes(actor: Actor, format: BackupFormat) {
      const { folder, file, ...made } = await run('makeBackup', { actor, format })
      try {
        return { ...made, body: [await readFile(file)] }
      } finally {
        await rm(folder, { recursive: true, force: true })
      }
    },

    /** The statements zip as a download body read from the file the worker wrote. */
    async makeStatementsZip(actor: Actor, period: StatementPeriod) {
      const { folder, file, ...made } = await run('makeStatementsZip', { actor, period })
      return { ...made, body: streamDownload({ folder, file }) }
    },

    /** One seller's statement as a PDF, made in the worker. */
    renderStatementPdf: (statement: Statement) => run('renderStatement', { statement }),

    /**
     * The organisation's file as of one commit, copied by `VACUUM INTO` (copySqliteFile) into
     * a temporary folder the caller removes; null when it has no file.
     */
    snapshotOrganisation: (organisationId: string) =>
      run('snapshotOrganisation', { organisationId }),

    /** The system file copied the same way; null when there is none. */
    snapshotSystem: () => run('snapshotSystem', {}),

    /** Stops the worker (server shutdown); a running task is ended. */
    close: () => pool.destroy(),
  }
}
