import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import pg from 'pg'
import { inject } from 'vitest'
import { startServer } from '#server/create-server'
import { parseEnv } from '#server/env'

/** A real Centraal server on a free loopback port with its own temporary DATA_DIR. */
export type TestServer = Awaited<ReturnType<typeof startTestServer>>

/** Starts the server; `close()` stops it and removes the data unless `keepData`. */
export async function startTestServer(
  settings: Record<string, string> = {},
  options: { dataDir?: string; webRoot?: string } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  const env = parseEnv({
    PORT: '0',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    // The server project's cheap password hashes (vite.config.ts), as a server process
    // started from this one inherits them; `TEST_PASSWORD_HASHING: ''` in settings: the
    // product's.
    NODE_ENV: process.env.NODE_ENV,
    TEST_PASSWORD_HASHING: process.env.TEST_PASSWORD_HASHING,
    // A test that wants a missed month caught up asks for it (monthlyStatements.catchUp):
    // left on, every server living past the delay would mail last month's statements.
    MONTHLY_STATEMENTS_CATCH_UP_SECONDS: '0',
    ...settings,
  })
  const postgresUrl = inject('postgresUrl')
  if (postgresUrl && !env.DATABASE_URL) env.DATABASE_URL = await createTestDatabase(postgresUrl)
  const serverBuild = inject('serverBuild')
  const server = await startServer(env, {
    webRoot: options.webRoot,
    heavyWorkerFile: serverBuild
      ? pathToFileURL(path.join(serverBuild, 'heavy-worker.js'))
      : undefined,
  })
  // The project's engine, or its files would pass on the other one without saying so.
  const engine = env.DATABASE_URL ? 'postgres' : 'sqlite'
  if (server.deps.directory.engine !== engine) {
    await server.close()
    throw new Error(`the system directory is on ${server.deps.directory.engine}, not ${engine}`)
  }
  const url = `http://127.0.0.1:${server.port}`
  return {
    url,
    dataDir,
    /** The PostgreSQL database of its system directory (`server-postgres`); else undefined. */
    databaseUrl: env.DATABASE_URL,
    deps: server.deps,
    monthlyStatements: server.monthlyStatements,
    /** Stops the server; the data stays when keepData is true (restart tests). */
    async close({ keepData = false }: { keepData?: boolean } = {}) {
      await server.close()
      if (!keepData && !options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

let databases = 0

/**
 * A new empty database on the `server-postgres` project's cluster (postgres-setup.ts), for
 * one test server's (or one group of machines') system directory, which migrates it as it opens. Named after the
 * worker and a count, so servers of the same file or of files run side by side never share.
 */
export async function createTestDatabase(clusterUrl: string) {
  const name = `centraal_${process.env.VITEST_POOL_ID ?? '0'}_${process.pid}_${++databases}`
  const admin = new pg.Client({ connectionString: clusterUrl })
  await admin.connect()
  try {
    await admin.query(`create database ${name}`)
  } finally {
    await admin.end()
  }
  const url = new URL(clusterUrl)
  url.pathname = `/${name}`
  return url.toString()
}
