import type {
  commissionPayments,
  commissions,
  sales,
  salesProjects,
  salesSellers,
} from '#schema/db/organisation'
import type {
  CommissionDocument,
  CommissionPaymentDocument,
  ProjectDocument,
  SaleDocument,
  SellerDocument,
} from '#schema/sales'
import { maySeeSeller } from '#schema/sales-visibility'
import type { Actor } from '../../context.ts'

/** A project as clients see it. */
export function toProjectDocument(row: typeof salesProjects.$inferSelect): ProjectDocument {
  const { organisationId: _organisation, deleted: _deleted, ...document } = row
  return document
}

/** A seller as clients see it. */
export function toSellerDocument(row: typeof salesSellers.$inferSelect): SellerDocument {
  const { organisationId: _organisation, deleted: _deleted, ...document } = row
  return document
}

/**
 * A seller as this actor may see it: whoever does not read all sales (a SELLER) sees a
 * colleague's name and role only, never their e-mail, phone or sign-in; their own row whole.
 */
export function toSellerView(document: SellerDocument, actor: Actor): SellerDocument {
  if (maySeeSeller(actor, document.id)) return document
  return { ...document, email: null, phone: null, userId: null }
}

/** A sale as clients see it (CRM delivery details stay on the server). */
export function toSaleDocument(row: typeof sales.$inferSelect): SaleDocument {
  return {
    id: row.id,
    projectId: row.projectId,
    clientName: row.clientName,
    clientEmail: row.clientEmail,
    clientPhone: row.clientPhone,
    propertyNumber: row.propertyNumber,
    saleDate: row.saleDate,
    deliveryDate: row.deliveryDate,
    salePrice: row.salePrice,
    commissionPercentage: row.commissionPercentage,
    commissionAmount: row.commissionAmount,
    totalCosts: row.totalCosts,
    costsDescription: row.costsDescription,
    discountPercentage: row.discountPercentage,
    status: row.status,
    notes: row.notes,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    seq: row.seq,
    splits: row.splits,
    cancelReason: row.cancelReason,
    cancelledAt: row.cancelledAt,
    paidTotal: row.paidTotal,
    reviewStatus: row.reviewStatus ?? null,
    reviewReason: row.reviewReason,
    reviewedBy: row.reviewedBy,
    reviewedAt: row.reviewedAt,
    fromPlan: row.fromPlan,
  }
}

/** A commission line as clients see it, with the plan version and tier that made it. */
export function toCommissionDocument(row: typeof commissions.$inferSelect): CommissionDocument {
  const { organisationId: _organisation, deleted: _deleted, ...document } = row
  return document
}

/** A commission line with the plan version, tier and reason that made it. */
export const toPlanLineDocument = toCommissionDocument

/** A payment part as clients see it. */
export function toCommissionPaymentDocument(
  row: typeof commissionPayments.$inferSelect,
): CommissionPaymentDocument {
  const { organisationId: _organisation, deleted: _deleted, ...document } = row
  return document
}
