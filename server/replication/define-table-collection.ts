import { and, asc, eq, gt, is, lte, Placeholder, sql } from 'drizzle-orm'
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
  let rangeQuery: { sql: string; params: unknown[] } | undefined
  const rangeQueryOf = (ctx: ServiceContext) => {
    rangeQuery ??= buildRangeQuery(rowsOf(ctx))
    return rangeQuery
  }
  const buildRangeQuery = (rows: ReturnType<typeof rowsOf>) =>
    rows
      .where(
        and(
          gt(table.seq, sql.placeholder('checkpoint')),
          lte(table.seq, sql.placeholder('through')),
        ),
      )
      .orderBy(asc(table.seq))
      .limit(sql.placeholder('limit') as unknown as number)
      .toSQL()
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
      const filter = definition.readFilter?.(ctx)
      const values = { checkpoint, limit, through: through ?? Number.MAX_SAFE_INTEGER }
      // Without a read filter (whoever reads everything) the query is the same every time:
      // built once, its placeholders filled per call (building costs more than reading).
      const query = filter
        ? rowsOf(ctx)
            .where(and(gt(table.seq, checkpoint), lte(table.seq, values.through), filter))
            .orderBy(asc(table.seq))
            .limit(limit)
        : fillPlaceholders(rangeQueryOf(ctx), values)
      const rows = readRows<Row>(ctx.db, table, query)
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

/** A query built with placeholders, as readRows reads it, with their values. */
function fillPlaceholders(
  query: { sql: string; params: unknown[] },
  values: Record<string, unknown>,
) {
  const params = query.params.map((param) =>
    is(param, Placeholder) ? values[param.name as string] : param,
  )
  return { toSQL: () => ({ sql: query.sql, params }) }
}
