import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, test } from 'vitest'
import { openSystemDb } from '../../server/db/system-db.ts'
import { openPostgresSystemDirectory } from '../../server/system-directory/postgres-system-directory.ts'
import { findPostgresBin } from '../support/postgres-server.ts'
import { usePostgresServer } from '../support/system-directory-engines.ts'

// drizzle's SQLite and PostgreSQL schemas are two definitions (schema/db/system.ts and
// system-pg.ts): this keeps them one shape. The directory's tables, as their migrations
// leave them, have the same columns (name, nullability), primary keys and unique indexes
// on both engines, so a change to one that forgets the other fails here.

const TABLES = ['organizations', 'login_directory', 'sessions', 'organisation_placements']

type Shape = { columns: string[]; primaryKey: string[]; unique: string[] }

function sqliteShapes(): Record<string, Shape> {
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-system-shape-'))
  const client = openSystemDb(folder).$client
  try {
    return Object.fromEntries(
      TABLES.map((table) => {
        const columns = client.pragma(`table_info(${table})`) as {
          name: string
          notnull: number
          pk: number
        }[]
        const indexes = client.pragma(`index_list(${table})`) as {
          name: string
          unique: number
          origin: string
        }[]
        const unique = indexes
          .filter((index) => index.unique && index.origin !== 'pk')
          .map((index) => {
            const named = client.pragma(`index_info(${index.name})`) as { name: string }[]
            return named.map((column) => column.name).join(',')
          })
        return [
          table,
          {
            // A primary key's columns are not null on both engines, whatever SQLite's pragma says.
            columns: columns.map((c) => `${c.name}${c.notnull || c.pk ? ' not null' : ''}`).sort(),
            primaryKey: columns
              .filter((c) => c.pk)
              .sort((a, b) => a.pk - b.pk)
              .map((c) => c.name),
            unique: unique.sort(),
          },
        ]
      }),
    )
  } finally {
    client.close()
    rmSync(folder, { recursive: true, force: true })
  }
}

async function postgresShapes(url: string): Promise<Record<string, Shape>> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const shapes: Record<string, Shape> = {}
    for (const table of TABLES) {
      const columns = await client.query<{ column_name: string; is_nullable: string }>(
        `select column_name, is_nullable from information_schema.columns
         where table_schema = 'public' and table_name = $1`,
        [table],
      )
      const indexes = await client.query<{ columns: string[]; primary: boolean; unique: boolean }>(
        `select array(select a.attname from unnest(i.indkey) with ordinality k(attnum, n)
                       join pg_attribute a on a.attrelid = i.indrelid and a.attnum = k.attnum
                       order by k.n)::text[] as columns,
                i.indisprimary as primary, i.indisunique as unique
         from pg_index i where i.indrelid = $1::regclass`,
        [table],
      )
      shapes[table] = {
        columns: columns.rows
          .map((c) => `${c.column_name}${c.is_nullable === 'NO' ? ' not null' : ''}`)
          .sort(),
        primaryKey: indexes.rows.find((index) => index.primary)?.columns ?? [],
        unique: indexes.rows
          .filter((index) => index.unique && !index.primary)
          .map((index) => index.columns.join(','))
          .sort(),
      }
    }
    return shapes
  } finally {
    await client.end()
  }
}

describe.skipIf(findPostgresBin() === null)(
  'the system directory has one shape on both engines',
  () => {
    const server = usePostgresServer()
    const opened: { close(): Promise<void> }[] = []
    afterAll(async () => {
      for (const directory of opened) await directory.close()
    })

    test('columns, primary keys and unique indexes of the directory tables match', async () => {
      const url = await server().createDatabase('shape')
      opened.push(await openPostgresSystemDirectory(url))
      const sqlite = sqliteShapes()
      // What is compared is there at all.
      expect(sqlite.sessions?.primaryKey).toEqual(['sid'])
      expect(sqlite.login_directory?.primaryKey).toEqual(['email', 'kind', 'organization_id'])
      expect(sqlite.login_directory?.unique).toEqual(['oidc_subject'])
      expect(sqlite.organizations?.unique).toEqual(['slug'])
      expect(sqlite.organizations?.columns).toContain('restored_at')
      expect(await postgresShapes(url)).toEqual(sqlite)
    })
  },
)
