import { getTableColumns } from 'drizzle-orm'
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core'
import { connectionOf } from './prepare-once.ts'

type Query = { toSQL(): { sql: string; params: unknown[] } }
type Reader = { names: string[]; columns: SQLiteColumn[] }

const readers = new WeakMap<SQLiteTable, Reader>()

function readerOf(table: SQLiteTable): Reader {
  let reader = readers.get(table)
  if (!reader) {
    const entries = Object.entries(getTableColumns(table))
    reader = {
      names: entries.map(([name]) => name),
      columns: entries.map(([, column]) => column as SQLiteColumn),
    }
    readers.set(table, reader)
  }
  return reader
}

/**
 * The rows of `select().from(table)…` as drizzle would return them, read as arrays and
 * decoded by each column. drizzle's own mapping checks every field's kind for every row,
 * which took longer than SQLite's reading a thousand-row sync page.
 */
export function readRows<Row>(db: object, table: SQLiteTable, query: Query): Row[] {
  const { names, columns } = readerOf(table)
  const { sql, params } = query.toSQL()
  const statement = connectionOf(db).prepare(sql).raw(true)
  const arrays = statement.all(...params) as unknown[][]
  statement.raw(false)
  const rows = new Array<Row>(arrays.length)
  for (let index = 0; index < arrays.length; index++) {
    const values = arrays[index] as unknown[]
    const row: Record<string, unknown> = {}
    for (let column = 0; column < names.length; column++) {
      const value = values[column]
      row[names[column] as string] =
        value === null || value === undefined
          ? null
          : (columns[column] as SQLiteColumn).mapFromDriverValue(value)
    }
    rows[index] = row as Row
  }
  return rows
}
