import { statSync } from 'node:fs'
import Database from 'better-sqlite3'

/**
 * Tells whether a SQLite file took a commit since a mark was read. Each file watched gets a
 * connection of its own, kept open, that never writes: SQLite's `PRAGMA data_version` on a
 * connection changes whenever any other connection, of this process or another, committed
 * to the file since its previous call. Every committed write counts, those that take a
 * replication seq and those that do not (usage ingestion, settings, the outboxes). The
 * header's change counter (bytes 24..27) would not do: in WAL mode SQLite does not raise
 * it at each commit.
 *
 * A mark is the connection's number beside the version, so a file replaced (a restore
 * renames a copy over it: another inode) gets a new connection and a mark never equal to
 * one read before. Each connection holds three descriptors (the file, -wal, -shm) and no
 * page cache to speak of: a process watching N organisations needs 3·N descriptors more.
 */
export function createChangeWatch() {
  const watched = new Map<string, { db: Database.Database; inode: number; number: number }>()
  let opened = 0

  function forget(file: string) {
    watched.get(file)?.db.close()
    watched.delete(file)
  }

  return {
    /** The file's mark now; null when it does not exist. Equal marks: no commit in between. */
    read(file: string): string | null {
      let inode: number
      try {
        inode = statSync(file).ino
      } catch {
        forget(file)
        return null
      }
      let entry = watched.get(file)
      if (entry?.inode !== inode) {
        forget(file)
        const db = new Database(file, { fileMustExist: true })
        db.pragma('cache_size = 1')
        entry = { db, inode, number: ++opened }
        watched.set(file, entry)
      }
      return `${entry.number}:${entry.db.pragma('data_version', { simple: true })}`
    },
    /** Files watched now (each holds a connection). */
    get size() {
      return watched.size
    },
    close() {
      for (const file of [...watched.keys()]) forget(file)
    },
  }
}

/** What createChangeWatch returns. */
export type ChangeWatch = ReturnType<typeof createChangeWatch>
