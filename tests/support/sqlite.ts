import path from 'node:path'
import Database from 'better-sqlite3'

/** Opens an organisation's file beside a running server, as an operator would. */
export function openOrganisationFile(dataDir: string, organisationId = 'default-org') {
  return new Database(path.join(dataDir, 'orgs', `${organisationId}.sqlite`))
}

/** Opens DATA_DIR/system.sqlite beside a running server. */
export function openSystemFile(dataDir: string) {
  return new Database(path.join(dataDir, 'system.sqlite'))
}

/**
 * Links the sign-in of one seller record to another instead, as an operator would in the
 * file (the first record loses it): the person's seller changes, so do their rights.
 */
export function moveSellerSignIn(dataDir: string, from: string, to: string) {
  const db = openOrganisationFile(dataDir)
  const userId = db.prepare('select user_id from sales_sellers where id = ?').pluck().get(from)
  db.prepare('update sales_sellers set user_id = null where id = ?').run(from)
  db.prepare('update sales_sellers set user_id = ? where id = ?').run(userId, to)
  db.close()
}

/** Every row of the given tables of an organisation's file, in rowid order. */
export function readTables(dataDir: string, organisationId: string, tables: readonly string[]) {
  const db = openOrganisationFile(dataDir, organisationId)
  try {
    return Object.fromEntries(
      tables.map((table) => [table, db.prepare(`select * from ${table} order by rowid`).all()]),
    )
  } finally {
    db.close()
  }
}
