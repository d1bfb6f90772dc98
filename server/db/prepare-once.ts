import type Database from 'better-sqlite3'

// drizzle's database and transaction objects both reach their connection through
// `session.client`; only the root database also has `$client`.
type Connected = { session: { client: Database.Database } }

const byConnection = new WeakMap<Database.Database, Map<string, unknown>>()

/** The better-sqlite3 connection under a drizzle database or transaction. */
export function connectionOf(db: object): Database.Database {
  return (db as Connected).session.client
}

/**
 * A drizzle prepared query, built once per SQLite connection and reused. Building a query
 * (drizzle walks the table's columns each time) costs 20 to 40 times running it, which
 * dominates a write path run per row, such as a 10,000-row sales import. A prepared query
 * runs on its connection, so inside whatever transaction or savepoint is open there.
 */
export function prepareOnce<T>(db: object, name: string, build: () => T): T {
  const client = connectionOf(db)
  let queries = byConnection.get(client)
  if (!queries) {
    queries = new Map()
    byConnection.set(client, queries)
  }
  let query = queries.get(name) as T | undefined
  if (query === undefined) {
    query = build()
    queries.set(name, query)
  }
  return query
}
