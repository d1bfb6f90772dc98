import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest'
import { openSystemDb, type SystemDb } from '../../server/db/system-db.ts'
import { openPostgresSystemDirectory } from '../../server/system-directory/postgres-system-directory.ts'
import { createSqliteSystemDirectory } from '../../server/system-directory/sqlite-system-directory.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'
import { findPostgresBin, type PostgresServer, startPostgresServer } from './postgres-server.ts'

const POSTGRES_MISSING =
  'PostgreSQL is not installed (apt-get install postgresql; or POSTGRES_BIN=<dir of initdb>): skipped'

/**
 * Runs the same cases against each engine of the system directory (decision 047): the
 * embedded SQLite file (a new data directory per case) and a throwaway PostgreSQL cluster
 * (one per describe, a new database per case, migrated as the server would). Where
 * PostgreSQL is not installed its half is skipped, saying so in its name and in the log.
 */
export function describeOnEveryEngine(
  title: string,
  cases: (current: () => SystemDirectory) => void,
) {
  describe(`${title} (SQLite)`, () => {
    let folder: string
    let systemDb: SystemDb
    let directory: SystemDirectory
    beforeEach(() => {
      folder = mkdtempSync(path.join(tmpdir(), 'centraal-system-directory-'))
      systemDb = openSystemDb(folder)
      directory = createSqliteSystemDirectory(systemDb)
    })
    afterEach(() => {
      systemDb.$client.close()
      rmSync(folder, { recursive: true, force: true })
    })
    cases(() => directory)
  })

  const isInstalled = findPostgresBin() !== null
  if (!isInstalled) console.warn(`${title} (PostgreSQL): ${POSTGRES_MISSING}`)
  describe.skipIf(!isInstalled)(
    `${title} (PostgreSQL${isInstalled ? '' : `: ${POSTGRES_MISSING}`})`,
    () => {
      let server: PostgresServer | undefined
      let directory: SystemDirectory
      let count = 0
      beforeAll(async () => {
        server = await startPostgresServer()
      })
      afterAll(async () => {
        await server?.close()
      })
      beforeEach(async () => {
        if (!server) throw new Error('no PostgreSQL server')
        directory = await openPostgresSystemDirectory(
          await server.createDatabase(`case_${++count}`),
        )
      })
      afterEach(async () => {
        await directory?.close()
      })
      cases(() => directory)
    },
  )
}

/** The PostgreSQL test cluster of one describe, for cases only that engine has (two pools). */
export function usePostgresServer() {
  let server: PostgresServer | undefined
  beforeAll(async () => {
    server = await startPostgresServer()
  })
  afterAll(async () => {
    await server?.close()
  })
  return () => {
    if (!server) throw new Error('no PostgreSQL server')
    return server
  }
}
