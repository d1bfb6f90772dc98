import path from 'node:path'
import * as systemSchema from '#schema/db/system'
import { openSqlite } from './open-sqlite.ts'

/** DATA_DIR/system.sqlite through drizzle. */
export type SystemDb = ReturnType<typeof openSystemDb>

/** Opens (and migrates) DATA_DIR/system.sqlite. */
export function openSystemDb(dataDir: string) {
  return openSqlite(path.join(dataDir, 'system.sqlite'), systemSchema, 'system')
}
