import { mkdtempSync, renameSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterAll, expect, test } from 'vitest'
import { createChangeWatch } from '#server/services/offsite-copies/change-watch'

// Which files an off-machine copy round uploads: those that took any commit since the
// mark was read, whichever connection made it and whether or not it takes a seq.

const folder = mkdtempSync(path.join(tmpdir(), 'centraal-change-watch-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function createFile(name: string) {
  const file = path.join(folder, name)
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  db.exec('create table settings (name text primary key, value text)')
  return { file, db }
}

test('any committed write changes the mark; reads, a rolled-back write and nothing do not', () => {
  const watch = createChangeWatch()
  const { file, db } = createFile('a.sqlite')
  const first = watch.read(file)
  expect(watch.read(file)).toBe(first)
  db.prepare('select * from settings').all()
  db.exec('begin; insert into settings values (1, 1); rollback')
  expect(watch.read(file)).toBe(first)
  // A settings row: no replication seq, a commit all the same.
  db.prepare('insert into settings values (?, ?)').run('mail', 'on')
  const second = watch.read(file)
  expect(second).not.toBe(first)
  expect(watch.read(file)).toBe(second)
  // Another process's connection counts as well as this one's.
  const other = new Database(file)
  other.prepare('update settings set value = ? where name = ?').run('off', 'mail')
  other.close()
  expect(watch.read(file)).not.toBe(second)
  db.close()
  watch.close()
})

test('a file replaced (a restore renames a copy over it) and a file gone are told apart', () => {
  const watch = createChangeWatch()
  const { file, db } = createFile('b.sqlite')
  db.close()
  const before = watch.read(file)
  const replacement = createFile('b-copy.sqlite')
  replacement.db.close()
  renameSync(replacement.file, file)
  const after = watch.read(file)
  expect(after).not.toBe(before)
  expect(after).not.toBeNull()
  rmSync(file)
  expect(watch.read(file)).toBeNull()
  expect(watch.size).toBe(0)
  watch.close()
})
