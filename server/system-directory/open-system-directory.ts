import type { SystemDb } from '../db/system-db.ts'
import { createSqliteSystemDirectory } from './sqlite-system-directory.ts'
import type { SystemDirectory } from './system-directory.ts'

/**
 * The system directory the settings name: on the PostgreSQL server of `databaseUrl`
 * (`DATABASE_URL`) when there is one, else on the embedded SQLite file's connection.
 */
export async function openSystemDirectory(options: {
  databaseUrl?: string
  systemDb: SystemDb
}): Promise<SystemDirectory> {
  if (!options.databaseUrl) return createSqliteSystemDirectory(options.systemDb)
  // Loaded only when used: a process on the embedded file does not carry the client.
  const { openPostgresSystemDirectory } = await import('./postgres-system-directory.ts')
  return openPostgresSystemDirectory(options.databaseUrl)
}
