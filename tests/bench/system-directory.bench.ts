import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { openSystemDb, type SystemDb } from '../../server/db/system-db.ts'
import { openPostgresSystemDirectory } from '../../server/system-directory/postgres-system-directory.ts'
import { openSession, readLiveSession } from '../../server/system-directory/session-lifetime.ts'
import { createSqliteSystemDirectory } from '../../server/system-directory/sqlite-system-directory.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import {
  findPostgresBin,
  type PostgresServer,
  startPostgresServer,
} from '../support/postgres-server.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// The read every signed-in request makes (decision 047): a session with its
// login-directory check, among 10,000 sessions of 1,000 accounts, on the SQLite file and on
// PostgreSQL over loopback (a throwaway cluster, fsync off: reads only). Printed per read,
// median and p99, beside the request budget it spends from (a write's p99 ≤ 100 ms). Then
// the same through the server: a signed-in call (GET /api/auth/user: its session read
// before the route, decision 050) on a server with each engine, one call at a time.

const ACCOUNTS = 1000
const SESSIONS_EACH = 10
const READS = 2000
const CALLS = 500

let folder: string
let systemDb: SystemDb
let postgres: PostgresServer | undefined
const engines: { name: string; directory: SystemDirectory; tokens: string[] }[] = []
const lines: string[] = []

async function seed(directory: SystemDirectory) {
  const tokens: string[] = []
  for (let account = 0; account < ACCOUNTS; account++) {
    const key = {
      kind: 'central',
      organisationId: `org-${account % 50}`,
      userId: `u${account}`,
    } as const
    await directory.addEntry({ ...key, email: `u${account}@example.nl` })
    for (let i = 0; i < SESSIONS_EACH; i++) tokens.push((await openSession(directory, key)).token)
  }
  return tokens
}

async function measure(engine: (typeof engines)[number]) {
  const durations: number[] = []
  for (let i = 0; i < READS; i++) {
    const token = engine.tokens[(i * 7919) % engine.tokens.length] as string
    const start = performance.now()
    await readLiveSession(engine.directory, token, 'central')
    durations.push(performance.now() - start)
  }
  durations.sort((a, b) => a - b)
  const at = (share: number) =>
    durations[Math.min(durations.length - 1, Math.floor(durations.length * share))] ?? 0
  lines.push(
    `${engine.name.padEnd(10)} session read: median ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms (${READS} reads; a write's p99 target is 100 ms)`,
  )
}

/** Median and p99 of `runs` calls of `call`, one after another. */
async function time(runs: number, call: () => Promise<unknown>) {
  const durations: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await call()
    durations.push(performance.now() - start)
  }
  durations.sort((a, b) => a - b)
  const at = (share: number) =>
    durations[Math.min(durations.length - 1, Math.floor(durations.length * share))] ?? 0
  return { median: at(0.5), p99: at(0.99) }
}

/** A signed-in call through a server whose directory is on each engine. */
async function measureCalls() {
  const figures: { name: string; median: number; p99: number }[] = []
  for (const [name, settings] of [
    ['SQLite', {}],
    ...(postgres
      ? [['PostgreSQL', { DATABASE_URL: await postgres.createDatabase('server') }]]
      : []),
  ] as [string, Record<string, string>][]) {
    const server: TestServer = await startTestServer(settings)
    try {
      const client = await signInFirstSuperadmin(server)
      await time(50, () => client.get('/api/auth/user'))
      figures.push({ name, ...(await time(CALLS, () => client.get('/api/auth/user'))) })
    } finally {
      await server.close()
    }
  }
  const sqlite = figures[0]
  for (const { name, median, p99 } of figures) {
    const ratio = sqlite ? ` (${(median / sqlite.median).toFixed(2)}× SQLite's)` : ''
    lines.push(
      `${name.padEnd(10)} signed-in call (GET /api/auth/user): median ${median.toFixed(2)} ms${ratio}, p99 ${p99.toFixed(2)} ms (${CALLS} calls; a write's p99 target is 100 ms)`,
    )
  }
}

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'centraal-bench-directory-'))
  systemDb = openSystemDb(folder)
  const sqlite = createSqliteSystemDirectory(systemDb)
  engines.push({ name: 'SQLite', directory: sqlite, tokens: await seed(sqlite) })
  if (findPostgresBin()) {
    postgres = await startPostgresServer('bench')
    const pg = await openPostgresSystemDirectory(postgres.url)
    engines.push({ name: 'PostgreSQL', directory: pg, tokens: await seed(pg) })
  } else {
    lines.push('PostgreSQL   SKIPPED: not installed (apt-get install postgresql)')
  }
  for (const engine of engines) await measure(engine)
  await measureCalls()
}, 300_000)

afterAll(async () => {
  console.log(
    `\nSystem directory, the session read of every signed-in request\n${lines.join('\n')}`,
  )
  for (const engine of engines) await engine.directory.close()
  systemDb?.$client.close()
  await postgres?.close()
  rmSync(folder, { recursive: true, force: true })
})

describe('system directory: session read', () => {
  bench('SQLite', async () => {
    const engine = engines[0]
    if (engine) await readLiveSession(engine.directory, engine.tokens[0] as string, 'central')
  })
  bench('PostgreSQL', async () => {
    const engine = engines[1]
    if (engine) await readLiveSession(engine.directory, engine.tokens[0] as string, 'central')
  })
})
