import type { TestProject } from 'vitest/node'
import { startPostgresServer } from './postgres-server.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * The `server-postgres` project's PostgreSQL cluster (its `postgres` database's URL):
     * each test server makes a database of its own there and keeps its system directory in
     * it (startTestServer). Undefined in the other projects: the embedded SQLite file.
     */
    postgresUrl: string | undefined
  }
}

// One throwaway cluster for the project's run (tests/support/postgres-server.ts); `.ci/run`
// installs PostgreSQL, and without it this project fails at its start, saying so.
export default async function setup(project: TestProject) {
  const server = await startPostgresServer()
  project.provide('postgresUrl', server.url)
  return () => server.close()
}
