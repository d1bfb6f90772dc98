import { rmSync } from 'node:fs'
import Database from 'better-sqlite3'

const LOOK_EVERY_MS = 250

/**
 * Resolves once another connection committed a write to `file` (SQLite's data_version on a
 * connection kept open, as the off-machine copies read changes), then removes the old file
 * set aside at `aside`. Until then the old file stays: should the new machine fail the
 * organisation, the operator still has it whole. `stop` ends the wait and keeps it.
 */
export function waitForFirstWrite(file: string, aside: string) {
  // Never writes; not `readonly`, which could not make the WAL's shared memory.
  const db = new Database(file, { fileMustExist: true })
  const readVersion = () => db.pragma('data_version', { simple: true }) as number
  const start = readVersion()
  let timer: NodeJS.Timeout | undefined
  let stopWaiting: () => void = () => {}
  const firstWrite = new Promise<'written' | 'stopped'>((resolve, reject) => {
    stopWaiting = () => {
      clearInterval(timer)
      db.close()
      resolve('stopped')
    }
    timer = setInterval(() => {
      try {
        if (readVersion() === start) return
        clearInterval(timer)
        db.close()
        for (const suffix of ['', '-wal', '-shm']) rmSync(`${aside}${suffix}`, { force: true })
        resolve('written')
      } catch (error) {
        clearInterval(timer)
        if (db.open) db.close()
        reject(error)
      }
    }, LOOK_EVERY_MS)
  })
  return { firstWrite, stop: () => stopWaiting() }
}
