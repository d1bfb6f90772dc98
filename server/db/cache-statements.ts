import type Database from 'better-sqlite3'

const CAPACITY = 500

/**
 * Makes `prepare` reuse compiled statements by SQL text. drizzle prepares every query
 * anew, and compiling SQL was the largest cost of a replication push. Safe because all
 * statements run to completion synchronously (no `iterate()` in this code base), and a
 * reused reader is put back in object mode (neither raw nor plucked), which its caller
 * switches again when it needs: the same text read plucked in one place (the restore's
 * counter) must not answer a bare value where another reads an object.
 */
export function cacheStatements(client: Database.Database) {
  const prepare = client.prepare.bind(client)
  const cache = new Map<string, Database.Statement>()
  client.prepare = ((source: string) => {
    const cached = cache.get(source)
    if (cached) {
      if (cached.reader) cached.raw(false).pluck(false)
      return cached
    }
    const statement = prepare(source)
    cache.set(source, statement)
    if (cache.size > CAPACITY) cache.delete(cache.keys().next().value as string)
    return statement
  }) as typeof client.prepare
}
