import path from 'node:path'
import Database from 'better-sqlite3'

/** Opens an organisation's file beside a running server, as an operator would. */
export function openOrganisationFile(dataDir: string, organisationId = 'default-org') {
  return new Database(path.join(dataDir, 'orgs', `${organisationId}.sqlite`))
}

/** What a `select count(*) …` with `params` counts in an organisation's file beside a running server. */
export function countInOrganisationFile(
  dataDir: string,
  organisationId: string,
  query: string,
  ...params: unknown[]
): number {
  const db = openOrganisationFile(dataDir, organisationId)
  try {
    return db
      .prepare(query)
      .pluck()
      .get(...params) as number
  } finally {
    db.close()
  }
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

/**
 * 5,000 more payment parts (of one cent, ids `bulk-1` on) for a seller who has one, written
 * into an open organisation file as copies of it: 5,000 REST calls would only slow a test
 * down. `isDeleted`: written deleted, so that no device pulls them.
 */
export function insertBulkPaymentParts(
  db: Database.Database,
  sellerId: string,
  options: { isDeleted: boolean },
) {
  db.prepare(
    `insert into commission_payments
       (id, seq, updated_at, deleted, organization_id, commission_id, sale_id, seller_id,
        amount, paid_on, note, created_by, created_at)
     select 'bulk-' || n.value, 1000000000 + n.value, p.updated_at, ?, p.organization_id,
        p.commission_id, p.sale_id, p.seller_id, 1, p.paid_on, null, p.created_by, p.created_at
     from commission_payments p,
       (with recursive n(value) as (select 1 union all select value + 1 from n where value < 5000)
        select value from n) n
     where p.seller_id = ?`,
  ).run(options.isDeleted ? 1 : 0, sellerId)
}
