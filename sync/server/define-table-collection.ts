import { and, asc, eq, gt, lte } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import type { ServiceContext } from '#server/context'
import { readRows } from '#server/db/read-rows'
import type { ReadFilter, ServerCollection } from './collection.ts'

type ReplicatedTable = SQLiteTable & { id: SQLiteColumn; seq: SQLiteColumn; deleted: SQLiteColumn }

/**
 * A collection backed by one replicated table. The read filter is part of the WHERE, before
 * LIMIT, so that a short page always means "caught up".
 */
export function defineTableCollection<Row extends { seq: number; deleted: boolean }>(definition: {
  name: string
  area?: ServerCollection['area']
  table: ReplicatedTable
  readPermission: ServerCollection['readPermission']
  /** The row as this actor may see it. */
  toDocument: (row: Row, ctx: ServiceContext) => Record<string, unknown>
  readFilter?: ReadFilter
  writableFields?: readonly string[]
  createFields?: readonly string[]
  isNeverEdited?: boolean
  isPersonal?: ServerCollection['isPersonal']
  write?: ServerCollection['write']
}): ServerCollection {
  const { table, toDocument } = definition
  const rowsOf = (ctx: ServiceContext) => ctx.db.select().from(table)
  return {
    name: definition.name,
    area: definition.area ?? 'central',
    readPermission: definition.readPermission,
    writableFields: definition.writableFields ?? [],
    createFields: definition.createFields,
    isNeverEdited: definition.isNeverEdited,
    isPersonal: definition.isPersonal,
    write: definition.write,
    selectChanges(ctx, checkpoint, limit, through) {
      const upper = through === undefined ? undefined : lte(table.seq, through)
      const rows = readRows<Row>(
        ctx.db,
        table,
        rowsOf(ctx)
          .where(and(gt(table.seq, checkpoint), upper, definition.readFilter?.(ctx)))
          .orderBy(asc(table.seq))
          .limit(limit),
      )
      return rows.map((row) => ({
        seq: row.seq,
        document: toDocument(row, ctx),
        deleted: row.deleted,
      }))
    },
    findDocument(ctx, id) {
      const row = rowsOf(ctx)
        .where(and(eq(table.id, id), definition.readFilter?.(ctx)))
        .get() as Row | undefined
      return row && { document: toDocument(row, ctx), deleted: row.deleted }
    },
  }
}
