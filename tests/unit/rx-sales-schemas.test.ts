import { getTableColumns, type Table } from 'drizzle-orm'
import { expect, test } from 'vitest'
import {
  commissionPayments,
  commissions,
  sales,
  salesProjects,
  salesSellers,
} from '#schema/db/organisation'
import { COMMISSION_LINE } from '#schema/rx/commission-line'
import {
  type CommissionPaymentDocType,
  commissionPaymentSchema,
} from '#schema/rx/commission-payments'
import { type ProjectDocType, projectSchema } from '#schema/rx/projects'
import { type SaleDocType, saleSchema } from '#schema/rx/sales'
import { type SellerDocType, sellerSchema } from '#schema/rx/sellers'
import type {
  CommissionDocument,
  CommissionPaymentDocument,
  ProjectDocument,
  SellerDocument,
  SyncedSaleDocument,
} from '#schema/sales'
import {
  toCommissionDocument,
  toCommissionPaymentDocument,
  toProjectDocument,
  toSaleDocument,
  toSellerDocument,
} from '#server/services/sales/to-sales-documents'

// The sales area's local document types, derived from the schema literals, are the
// server's documents; a sale carries its lines (decision 013), and may also carry the lines
// it was registered with.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameTypes: [
  Same<ProjectDocType, ProjectDocument>,
  Same<SellerDocType, SellerDocument>,
  Same<Omit<SaleDocType, 'commissions'>, SyncedSaleDocument>,
  Same<SaleDocType['lines'][number], CommissionDocument>,
  Same<CommissionPaymentDocType, CommissionPaymentDocument>,
] = [true, true, true, true, true]

/** A row with every column of the table (values do not matter, only which keys exist). */
const rowOf = (table: Table) =>
  Object.fromEntries(Object.keys(getTableColumns(table)).map((key) => [key, null])) as never

test('every field the server replicates is a required property of the local sales schemas', () => {
  expect(sameTypes).toEqual([true, true, true, true, true])
  // Version 1 of sales: a deal's corrections, cancellation and payment parts; version 2:
  // its lines inside it; version 3: its review ("Ter beoordeling"); version 4: the plan
  // fields of a sale and its lines (decision 040); version 5: a team member's own share.
  const documents = [
    [projectSchema, toProjectDocument(rowOf(salesProjects)), 0],
    [sellerSchema, toSellerDocument(rowOf(salesSellers)), 0],
    [saleSchema, { ...toSaleDocument(rowOf(sales)), lines: [] }, 5],
    [COMMISSION_LINE, toCommissionDocument(rowOf(commissions)), undefined],
    [commissionPaymentSchema, toCommissionPaymentDocument(rowOf(commissionPayments)), 0],
  ] as const
  for (const [schema, document, version] of documents) {
    expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(document).sort())
    if (version !== undefined) expect(schema).toHaveProperty('version', version)
  }
  expect(Object.keys(saleSchema.properties).sort()).toEqual(
    [...Object.keys(toSaleDocument(rowOf(sales))), 'lines', 'commissions', 'team'].sort(),
  )
})
