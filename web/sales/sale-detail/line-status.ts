import type { CommissionType } from '#schema/commission'
import { type CommissionLineStatus, getRemainingAmount } from '#schema/commission-changes'
import type { CommissionDocument } from '#schema/sales'

export { KIND_LABELS } from '../components/line-kind-labels.ts'

/** The wizard's names for the kinds of commission (the sales team and the extra lines). */
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = {
  sales: 'Sales team',
  referral: 'Aanbreng',
  manager: 'Sales Manager',
  director: 'Sales Director',
}

/** A line's status as the sale screen shows it. */
export type LineStatus = 'paid' | 'pending' | 'overdue' | 'settled' | 'cancelled'

/**
 * The stored status, with overdue derived (pending past the expected payment date, never
 * stored). A clawback is owed back by the seller: it is never called overdue.
 */
export function getLineStatus(
  line: Pick<CommissionDocument, 'status' | 'kind' | 'expectedPaymentDate'>,
  today: string,
): LineStatus {
  if (line.status === 'paid' || line.status === 'settled' || line.status === 'cancelled') {
    return line.status
  }
  const isLate = line.expectedPaymentDate !== null && line.expectedPaymentDate < today
  return isLate && line.kind !== 'clawback' ? 'overdue' : 'pending'
}

/** What is still open on a line, as a positive amount (a clawback's: still to be paid back). */
export function getOpenAmount(
  line: Pick<CommissionDocument, 'status' | 'commissionAmount' | 'paidAmount'>,
): number {
  const status = line.status as CommissionLineStatus
  return Math.abs(
    getRemainingAmount({ amount: line.commissionAmount, paid: line.paidAmount, status }),
  )
}
