import type { CommissionDocument } from './sales.ts'

// A commission line's status and what is still open on it: the one definition, asked by the
// server's services and dashboards, the correction and payment rules
// (schema/commission-changes.ts) and the browser's screens. Money in integer cents; dates
// 'YYYY-MM-DD'.
//
// Life cycle: a line is paid once marked paid (a clawback: settled), or cancelled with its
// sale; a pending line is overdue when its expected payment date lies before today.
// Overdue is derived, never stored.

type LineMoney = Pick<CommissionDocument, 'commissionAmount' | 'paidAmount'> & { status: string }

/**
 * What is still to be paid on a line (a clawback: still to be paid back), in the direction
 * of its amount: negative on a negative line. 0 once cancelled with its sale.
 */
export function getOpenAmount(line: LineMoney): number {
  if (line.status === 'cancelled') return 0
  return line.commissionAmount - line.paidAmount
}

/**
 * What a line counts for in totals: its amount, or for a line cancelled with its sale what
 * had been paid on it (the clawback beside it claims that back, so the two net to zero).
 */
export function getLineValue(line: LineMoney): number {
  return line.status === 'cancelled' ? line.paidAmount : line.commissionAmount
}

/** A commission's effective status on a given day, as the lists and totals count it. */
export type EffectiveStatus = 'paid' | 'pending' | 'overdue' | 'cancelled'

/**
 * Paid (a clawback: settled), cancelled with its sale, or pending; a pending line past its
 * expected payment date is overdue. A clawback is owed back by the seller: it is never
 * called overdue. The one definition of overdue: the lists, the totals and the sale
 * screen all ask this.
 */
export function getEffectiveStatus(
  commission: Pick<CommissionDocument, 'status' | 'kind' | 'expectedPaymentDate'>,
  today: string,
): EffectiveStatus {
  if (commission.status === 'paid' || commission.status === 'settled') return 'paid'
  if (commission.status === 'cancelled') return 'cancelled'
  const isLate = commission.expectedPaymentDate !== null && commission.expectedPaymentDate < today
  return isLate && commission.kind !== 'clawback' ? 'overdue' : 'pending'
}

/** A line's status as the sale screen shows it: a clawback paid back keeps its own name. */
export type LineStatus = 'paid' | 'pending' | 'overdue' | 'settled' | 'cancelled'

/** The stored status, with overdue derived as everywhere (getEffectiveStatus). */
export function getLineStatus(
  line: Pick<CommissionDocument, 'status' | 'kind' | 'expectedPaymentDate'>,
  today: string,
): LineStatus {
  if (line.status === 'paid' || line.status === 'settled' || line.status === 'cancelled') {
    return line.status
  }
  return getEffectiveStatus(line, today) === 'overdue' ? 'overdue' : 'pending'
}
