import type { CommissionType } from '#schema/commission'
import { type CommissionLineStatus, getRemainingAmount } from '#schema/commission-changes'
import type { CommissionDocument } from '#schema/sales'
import { getEffectiveStatus } from '#schema/sales-dashboard'

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
 * The stored status, with overdue derived as everywhere (getEffectiveStatus: never stored,
 * never a clawback); a clawback paid back keeps its own name, settled.
 */
export function getLineStatus(
  line: Pick<CommissionDocument, 'status' | 'kind' | 'expectedPaymentDate'>,
  today: string,
): LineStatus {
  if (line.status === 'paid' || line.status === 'settled' || line.status === 'cancelled') {
    return line.status
  }
  return getEffectiveStatus(line, today) === 'overdue' ? 'overdue' : 'pending'
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
