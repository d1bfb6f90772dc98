import pg from 'pg'
import { openSystemFile } from './sqlite.ts'
import type { TestServer } from './test-server.ts'

type Row = Record<string, unknown>

/** int8 (epoch milliseconds) read as numbers, as the SQLite file gives them. */
const INT8 = 20
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/**
 * Runs SQL on the system directory's tables (sessions, organizations, login_directory) on
 * whichever engine the test server keeps them, as an operator would: its system file, or
 * its PostgreSQL database (the `server-postgres` project). `?` marks each parameter on
 * both. A JSON column (a session's `sess`) is answered as its object on both.
 */
export async function queryDirectory(
  server: Pick<TestServer, 'dataDir' | 'databaseUrl'>,
  sql: string,
  ...params: unknown[]
): Promise<Row[]> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl, types })
    await client.connect()
    try {
      let index = 0
      const numbered = sql.replace(/\?/g, () => `$${++index}`)
      return (await client.query(numbered, params)).rows
    } finally {
      await client.end()
    }
  }
  const system = openSystemFile(server.dataDir)
  try {
    const statement = system.prepare(sql)
    if (!statement.reader) {
      statement.run(...params)
      return []
    }
    return (statement.all(...params) as Row[]).map((row) =>
      'sess' in row && typeof row.sess === 'string' ? { ...row, sess: JSON.parse(row.sess) } : row,
    )
  } finally {
    system.close()
  }
}
