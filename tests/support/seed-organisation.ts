import { sql } from 'drizzle-orm'
import { v7 as uuidv7 } from 'uuid'
import {
  appConnections,
  commissions,
  sales,
  salesProjects,
  salesSellers,
  users,
} from '#schema/db/organisation'
import { takeNextSeq } from '#server/db/next-seq'
import type { OrganisationDb } from '#server/db/organisation-db'

// Large organisations for the benches, written straight into an organisation's file in
// one transaction (the services would take minutes for 20,000 sales).

const PROJECTS = 20
const SELLERS = 50
const LINES_PER_SALE = 3

const value = (name: string) => sql.placeholder(name)

type Tx = Parameters<Parameters<OrganisationDb['transaction']>[0]>[0]

/** The columns every synced row has, for an insert prepared once: id and seq given per row. */
const preparedRow = (organisationId: string, now: number) => ({
  id: value('id'),
  seq: value('seq'),
  organisationId,
  createdAt: now,
  updatedAt: now,
})

/** The columns every synced row has, for one new row written now: its id and next seq. */
const newRow = (tx: Tx, organisationId: string, now: number) => ({
  id: uuidv7(),
  seq: takeNextSeq(tx),
  organisationId,
  createdAt: now,
  updatedAt: now,
})

/** Sales with three commission lines each (two sales lines of 45 %, a referral of 10 %). */
export function seedSales(db: OrganisationDb, organisationId: string, count: number) {
  const now = Date.now()
  db.transaction((tx) => {
    const projectIds = Array.from({ length: PROJECTS }, (_, index) =>
      insertProject(tx, organisationId, index, now),
    )
    const sellerIds = Array.from({ length: SELLERS }, (_, index) =>
      insertSeller(tx, organisationId, index, now),
    )
    // Prepared once: building each insert anew cost more than writing it.
    const insertSale = tx
      .insert(sales)
      .values({
        ...preparedRow(organisationId, now),
        projectId: value('projectId'),
        clientName: value('clientName'),
        propertyNumber: value('propertyNumber'),
        saleDate: value('saleDate'),
        salePrice: value('salePrice'),
        commissionPercentage: 2.5,
        commissionAmount: 750_000,
        status: 'completed',
      })
      .prepare()
    const insertLine = tx
      .insert(commissions)
      .values({
        ...preparedRow(organisationId, now),
        saleId: value('saleId'),
        sellerId: value('sellerId'),
        commissionType: value('commissionType'),
        commissionPercentage: value('commissionPercentage'),
        commissionAmount: value('commissionAmount'),
        status: value('status'),
        paidAmount: value('paidAmount'),
        expectedPaymentDate: value('expectedPaymentDate'),
      })
      .prepare()
    for (let index = 0; index < count; index++) {
      const saleId = uuidv7()
      const day = String((index % 28) + 1).padStart(2, '0')
      const month = String((index % 12) + 1).padStart(2, '0')
      insertSale.run({
        id: saleId,
        seq: takeNextSeq(tx),
        projectId: projectIds[index % projectIds.length]!,
        clientName: `Klant ${index}`,
        propertyNumber: `B-${index}`,
        saleDate: `2026-${month}-${day}`,
        salePrice: 30_000_000 + index,
      })
      for (let line = 0; line < LINES_PER_SALE; line++) {
        insertLine.run({
          id: uuidv7(),
          seq: takeNextSeq(tx),
          saleId,
          sellerId: sellerIds[(index + line) % sellerIds.length]!,
          commissionType: line === 2 ? 'referral' : 'sales',
          commissionPercentage: line === 2 ? 10 : 45,
          commissionAmount: line === 2 ? 75_000 : 337_500,
          status: index % 3 ? 'pending' : 'paid',
          // Paid lines are paid in full (no payment parts are seeded).
          paidAmount: index % 3 ? 0 : line === 2 ? 75_000 : 337_500,
          expectedPaymentDate: `2026-${month}-${day}`,
        })
      }
    }
  })
  return { sales: count, commissions: count * LINES_PER_SALE, projects: PROJECTS, sellers: SELLERS }
}

function insertProject(tx: Tx, organisationId: string, index: number, now: number) {
  const row = newRow(tx, organisationId, now)
  tx.insert(salesProjects)
    .values({
      ...row,
      name: `Project ${index}`,
      label: index % 2 ? 'Nieuwbouw' : 'Bestaand',
    })
    .run()
  return row.id
}

function insertSeller(tx: Tx, organisationId: string, index: number, now: number) {
  const row = newRow(tx, organisationId, now)
  tx.insert(salesSellers)
    .values({
      ...row,
      name: `Verkoper ${index}`,
      role: 'closer',
    })
    .run()
  return row.id
}

/** Central users (a tenth of them inactive) and app connections. */
export function seedCentral(
  db: OrganisationDb,
  organisationId: string,
  counts: { users: number; apps: number },
) {
  const now = Date.now()
  db.transaction((tx) => {
    const insertUser = tx
      .insert(users)
      .values({
        ...preparedRow(organisationId, now),
        name: value('name'),
        email: value('email'),
        status: value('status'),
        setupCompleted: true,
      })
      .prepare()
    for (let index = 0; index < counts.users; index++) {
      insertUser.run({
        id: uuidv7(),
        seq: takeNextSeq(tx),
        name: `Gebruiker ${index}`,
        email: `gebruiker${index}@example.com`,
        status: index % 10 ? 'active' : 'inactive',
      })
    }
    const insertApp = tx
      .insert(appConnections)
      .values({
        ...preparedRow(organisationId, now),
        name: value('name'),
        url: value('url'),
        status: value('status'),
      })
      .prepare()
    for (let index = 0; index < counts.apps; index++) {
      insertApp.run({
        id: uuidv7(),
        seq: takeNextSeq(tx),
        name: `App ${index}`,
        url: `https://app${index}.example.com`,
        status: index % 5 ? 'active' : 'inactive',
      })
    }
  })
}
