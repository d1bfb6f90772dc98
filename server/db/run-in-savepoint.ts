import { connectionOf, prepareOnce } from './prepare-once.ts'

/**
 * Runs `work` in a savepoint on the connection of `db` (a drizzle database or transaction):
 * released when it returns, rolled back and released when it throws. drizzle's nested
 * transaction does the same, but builds a transaction object per call (it sets up a query
 * helper for every table), which cost more than a row's SQL in a 10,000-row import.
 * `work` keeps using `db`; the savepoint is on the connection, so it covers those writes.
 */
export function runInSavepoint<T>(db: object, name: string, work: () => T): T {
  const statements = prepareOnce(db, `savepoint ${name}`, () => {
    const client = connectionOf(db)
    return {
      begin: client.prepare(`savepoint ${name}`),
      release: client.prepare(`release savepoint ${name}`),
      rollback: client.prepare(`rollback to savepoint ${name}`),
    }
  })
  statements.begin.run()
  try {
    const result = work()
    statements.release.run()
    return result
  } catch (error) {
    statements.rollback.run()
    statements.release.run()
    throw error
  }
}
