import { eq } from 'drizzle-orm'
import { salesProjects } from '#schema/db/organisation'
import type { OrganisationDb } from '../../db/organisation-db.ts'
import { findSalesAccount, findSellerAccount, queueNotification } from './queue-notification.ts'

type Writer = Pick<OrganisationDb, 'select' | 'insert' | 'update'>

/** A sale as its notifications name it. */
export type NotifiedSale = {
  id: string
  clientName: string
  propertyNumber: string
  projectId: string
  createdBy: string | null
}

const projectNameOf = (tx: Writer, projectId: string) =>
  tx
    .select({ name: salesProjects.name })
    .from(salesProjects)
    .where(eq(salesProjects.id, projectId))
    .get()?.name ?? ''

const describeSale = (tx: Writer, sale: NotifiedSale) => ({
  saleId: sale.id,
  clientName: sale.clientName,
  propertyNumber: sale.propertyNumber,
  projectName: projectNameOf(tx, sale.projectId),
})

/**
 * "Ter beoordeling", approved or sent back: a mail to the SELLER who registered the sale
 * (its author's own Gold Estates account), with the reasons or the approver's reason.
 */
export function notifyReview(
  tx: Writer,
  sale: NotifiedSale,
  outcome:
    | { kind: 'sale-review-pending'; reasons: string[] }
    | { kind: 'sale-approved' }
    | { kind: 'sale-rejected'; reason: string },
  batch?: string,
) {
  const author = findSalesAccount(tx, sale.createdBy)
  if (!author) return
  const { kind, ...said } = outcome
  queueNotification(
    tx,
    {
      kind,
      recipientKind: 'sales-user',
      recipientId: author.id,
      recipient: author.email,
      payload: { ...describeSale(tx, sale), ...said },
    },
    batch,
  )
}

/**
 * A payment booked on a commission line: a mail to that line's seller only, naming that
 * line alone (amount paid, date, sale, what is still open).
 */
export function notifyLinePaid(
  tx: Writer,
  sale: NotifiedSale,
  line: { sellerId: string; commissionType: string; commissionAmount: number; paidAmount: number },
  part: { amount: number; paidOn: string },
) {
  const seller = findSellerAccount(tx, line.sellerId)
  if (!seller) return
  queueNotification(tx, {
    kind: 'commission-paid',
    recipientKind: 'sales-user',
    recipientId: seller.id,
    recipient: seller.email,
    payload: {
      ...describeSale(tx, sale),
      amount: part.amount,
      paidOn: part.paidOn,
      commissionType: line.commissionType,
      lineAmount: line.commissionAmount,
      linePaid: line.paidAmount,
    },
  })
}

/** A new sale as the sales ADMIN sees it: every line, with its seller. */
export type RegisteredSale = NotifiedSale & {
  saleDate: string
  salePrice: number
  commissionAmount: number
  reviewStatus: string | null
  registeredBy: string
  lines: { sellerName: string; commissionType: string; percentage: number; amount: number }[]
}

/**
 * Each new sale, once, to the sales settings' default recipient when notifications are
 * on; answers whether it was queued, for the sale's notificationsSent.
 */
export function notifySaleRegistered(
  tx: Writer,
  settings: { notificationsEnabled: boolean; defaultRecipientEmail: string | null } | undefined,
  sale: RegisteredSale,
  batch?: string,
) {
  if (!settings?.notificationsEnabled || !settings.defaultRecipientEmail) return false
  const { id, createdBy, projectId, ...said } = sale
  queueNotification(
    tx,
    {
      kind: 'sale-registered',
      recipientKind: 'default-recipient',
      recipientId: null,
      recipient: settings.defaultRecipientEmail,
      payload: { ...describeSale(tx, sale), ...said },
    },
    batch,
  )
  return true
}
