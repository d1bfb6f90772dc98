import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import Database from 'better-sqlite3'
import { Hono } from 'hono'
import { afterEach, expect, test } from 'vitest'
import { createErrorHandler } from '#server/http/handle-error'
import type { Logger } from '#server/logger'

// Two connections write one organisation's file (another thread's restore, or another
// process for a moment while HAProxy moves the organisation). Whatever form SQLite's
// "database is locked" takes, the caller hears 503 with Retry-After, a request it may send
// again, not a 500; and nothing is written.

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function openTwoConnections() {
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-busy-'))
  folders.push(folder)
  const file = path.join(folder, 'org.sqlite')
  const mine = new Database(file)
  mine.pragma('journal_mode = WAL')
  mine.exec('create table sales (id integer primary key, name text)')
  const theirs = new Database(file)
  theirs.pragma('busy_timeout = 50')
  return { mine, theirs }
}

function appWriting(write: () => void) {
  const logged: string[] = []
  const log: Logger = { info: () => undefined, error: (message) => void logged.push(message) }
  const app = new Hono()
  app.onError(createErrorHandler(log))
  app.post('/api/sales', (c) => {
    write()
    return c.json({}, 201)
  })
  return { app, logged }
}

test('a write whose transaction read before another connection committed hears 503, not 500', async () => {
  const { mine, theirs } = openTwoConnections()
  const { app, logged } = appWriting(() =>
    mine.transaction(() => {
      mine.prepare('select count(*) from sales').get()
      theirs.prepare("insert into sales (name) values ('theirs')").run()
      mine.prepare("insert into sales (name) values ('mine')").run()
    })(),
  )
  const answer = await app.request('/api/sales', { method: 'POST' })
  expect(answer.status).toBe(503)
  expect(answer.headers.get('retry-after')).toBe('5')
  expect(await answer.json()).toMatchObject({ code: 'unavailable' })
  expect(logged).toEqual([])
  expect(mine.prepare('select name from sales').pluck().all()).toEqual(['theirs'])
})

test('a write while another connection holds the write lock past the busy timeout hears 503', async () => {
  const { mine, theirs } = openTwoConnections()
  mine.exec('begin immediate')
  const { app } = appWriting(() => theirs.prepare("insert into sales (name) values ('x')").run())
  const answer = await app.request('/api/sales', { method: 'POST' })
  mine.exec('rollback')
  expect(answer.status).toBe(503)
  expect(theirs.prepare('select count(*) from sales').pluck().get()).toBe(0)
})

test("a write that meets a moving organisation's lock is told the organisation is moving", async () => {
  const { mine, theirs } = openTwoConnections()
  theirs.exec('BEGIN IMMEDIATE')
  const busyWrite = () => void mine.prepare("insert into sales (name) values ('mine')").run()
  mine.pragma('busy_timeout = 50')
  const answerWhen = async (isMoving: boolean) => {
    const app = new Hono<{ Variables: { organisationId: string } }>()
    app.onError(
      createErrorHandler(
        { info: () => undefined, error: () => undefined },
        {
          isMoving: (organisationId) => isMoving && organisationId === 'org-moving',
        },
      ),
    )
    app.post('/api/sales', (c) => {
      c.set('organisationId', 'org-moving')
      busyWrite()
      return c.json({}, 201)
    })
    const answer = await app.request('/api/sales', { method: 'POST' })
    expect(answer.status).toBe(503)
    return ((await answer.json()) as { message: string }).message
  }
  expect(await answerWhen(true)).toMatch(/verhuist naar een andere machine/)
  expect(await answerWhen(false)).toMatch(/even bezet/)
  theirs.exec('ROLLBACK')
})
