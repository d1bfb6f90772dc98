import { integer, text } from 'drizzle-orm/sqlite-core'

/**
 * The columns every replicated table carries (docs/architecture.md, Replication). `seq` is taken from
 * the file's counter inside the write transaction, so seq order is commit order.
 * A fresh set per table: drizzle column builders must not be shared.
 */
export function replicatedColumns() {
  return {
    id: text().primaryKey(),
    seq: integer().notNull().unique(),
    updatedAt: integer().notNull(),
    deleted: integer({ mode: 'boolean' }).notNull().default(false),
  }
}
