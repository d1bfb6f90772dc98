import type { ProjectDocument, SaleDocument } from '#schema/sales'

/**
 * What a completed sale holds where nothing was typed: no client contact, delivery date,
 * costs, discount, notes or author. A device's sale documents and the tests' sales start
 * from it.
 */
export const UNTYPED_SALE_FIELDS = {
  clientEmail: null,
  clientPhone: null,
  deliveryDate: null,
  totalCosts: 0,
  costsDescription: null,
  discountPercentage: 0,
  status: 'completed',
  notes: null,
  createdBy: null,
} as const

/**
 * A sale as a device's local database holds it: completed, without costs, discount,
 * review or plan, in project p1; `fields` (its id at least) over that.
 */
export function buildSaleDocument(fields: Partial<SaleDocument> & { id: string }): SaleDocument {
  return {
    ...UNTYPED_SALE_FIELDS,
    projectId: 'p1',
    clientName: `Klant ${fields.id}`,
    propertyNumber: fields.id,
    saleDate: '2026-01-10',
    salePrice: 100_000_000,
    commissionPercentage: 5,
    commissionAmount: 5_000_000,
    createdAt: 0,
    updatedAt: 0,
    seq: 1,
    splits: null,
    cancelReason: null,
    cancelledAt: null,
    paidTotal: 0,
    reviewStatus: null,
    reviewReason: null,
    reviewedBy: null,
    reviewedAt: null,
    fromPlan: false,
    ...fields,
  }
}

/**
 * A project as a device's local database holds it: active, nothing known of it but its
 * name (`Project <id>` unless given) and its label; `fields` over that.
 */
export function buildProjectDocument(
  fields: Pick<ProjectDocument, 'id' | 'label'> & Partial<ProjectDocument>,
): ProjectDocument {
  return {
    name: `Project ${fields.id}`,
    location: null,
    type: null,
    description: null,
    totalUnits: null,
    soldUnits: 0,
    status: 'active',
    createdAt: 0,
    updatedAt: 0,
    seq: 0,
    ...fields,
  }
}
