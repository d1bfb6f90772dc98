import { and, eq, isNull } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable, SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core'
import { AppError } from '../errors/app-error.ts'
import type { SystemDb } from './system-db.ts'

/** A table of single-use links' tokens, by the SHA-256 of the token. */
type LinkTokenTable = SQLiteTable & { tokenHash: SQLiteColumn; usedAt: SQLiteColumn }

/**
 * Claims a single-use link's token in one statement: of two requests racing with one link,
 * one goes on; the other is refused with `alreadyUsed`.
 */
export function claimLinkToken<T extends LinkTokenTable>(
  systemDb: SystemDb,
  table: T,
  tokenHash: string,
  alreadyUsed: string,
) {
  const claimed = systemDb
    .update(table)
    .set({ usedAt: Date.now() } as SQLiteUpdateSetSource<T>)
    .where(and(eq(table.tokenHash, tokenHash), isNull(table.usedAt)))
    .returning({ tokenHash: table.tokenHash })
    .get()
  if (!claimed) throw new AppError('invalid_input', alreadyUsed)
}
