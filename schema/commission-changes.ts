import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import type { CommissionType } from './commission.ts'
import { getOpenAmount } from './commission-line-status.ts'

// What happens to a sale's commission lines over the life of the deal: a correction, a
// cancellation, payment in parts. Pure arithmetic in integer cents, shared by the server's
// services and the browser's offline view, so both arrive at the same lines.

/** What a line is: the sale's own split, a later correction, or money owed back. */
export type CommissionLineKind = 'commission' | 'adjustment' | 'clawback'

/** pending → paid (a clawback: pending → settled); cancelled with its sale. */
export type CommissionLineStatus = 'pending' | 'paid' | 'settled' | 'cancelled'

/** A line as these rules see it. `amount` may be negative (an adjustment down, a clawback). */
export type LineState = {
  id: string
  sellerId: string
  commissionType: CommissionType
  kind: CommissionLineKind
  amount: number
  /** Paid so far, the sum of the line's payment parts, in the direction of `amount`. */
  paid: number
  status: CommissionLineStatus
}

/** A line the sale's new figures call for (from calculateCommission). */
export type TargetLine = { sellerId: string; commissionType: CommissionType; amount: number }

/** A new line to write: an adjustment or a clawback. */
export type NewLine = {
  sellerId: string
  commissionType: CommissionType
  kind: 'adjustment' | 'clawback'
  amount: number
  /** The line it answers (a clawback's paid line). */
  sourceId?: string
}

const isLive = (line: LineState) => line.status !== 'cancelled'

/** Whether anything of the sale has been paid: from then on its lines are never rewritten. */
export function hasPayments(lines: readonly LineState[]): boolean {
  return lines.some((line) => line.paid !== 0)
}

/**
 * A correction of a sale. While nothing is paid, its lines are simply replaced by the new
 * ones. Once something is paid, no line is rewritten: per seller and kind of commission,
 * the difference between what the new figures owe and what the live lines already owe
 * becomes one adjustment line, positive or negative, exact to the cent.
 */
export function planCorrection(
  current: readonly LineState[],
  target: readonly TargetLine[],
): { replace: true; lines: TargetLine[] } | { replace: false; adjustments: NewLine[] } {
  if (!hasPayments(current)) return { replace: true, lines: [...target] }
  const owed = new Map<string, { line: TargetLine; before: number; after: number }>()
  const keyOf = (line: { sellerId: string; commissionType: CommissionType }) =>
    `${line.sellerId}\u0000${line.commissionType}`
  const entryOf = (line: TargetLine) => {
    const key = keyOf(line)
    let entry = owed.get(key)
    if (!entry) {
      entry = { line, before: 0, after: 0 }
      owed.set(key, entry)
    }
    return entry
  }
  for (const line of current) {
    if (isLive(line) && line.kind !== 'clawback')
      entryOf({ ...line, amount: 0 }).before += line.amount
  }
  for (const line of target) entryOf(line).after += line.amount
  const adjustments: NewLine[] = []
  for (const { line, before, after } of owed.values()) {
    if (after === before) continue
    adjustments.push({
      sellerId: line.sellerId,
      commissionType: line.commissionType,
      kind: 'adjustment',
      amount: after - before,
    })
  }
  return { replace: false, adjustments }
}

/**
 * A cancellation of a sale: every live line that is not a clawback is cancelled (what was
 * not paid is no longer owed), and each line with payments gets a clawback of what was
 * paid on it, owed back by that seller. Earlier clawbacks stay as they are.
 */
export function planCancellation(current: readonly LineState[]): {
  cancelIds: string[]
  clawbacks: NewLine[]
} {
  const cancelIds: string[] = []
  const clawbacks: NewLine[] = []
  for (const line of current) {
    if (!isLive(line) || line.kind === 'clawback') continue
    cancelIds.push(line.id)
    if (line.paid !== 0) {
      clawbacks.push({
        sellerId: line.sellerId,
        commissionType: line.commissionType,
        kind: 'clawback',
        amount: -line.paid,
        sourceId: line.id,
      })
    }
  }
  return { cancelIds, clawbacks }
}

/** Why a payment part cannot be taken, in the words the person reads. */
export class PaymentPartError extends Error {}

/**
 * A payment part on a line (a positive amount in cents; on a negative line it is money
 * received back): refused on a cancelled line, above what is still open, or not a whole
 * positive number of cents. Returns the line's paid total and status after it.
 */
export function applyPaymentPart(
  line: Pick<LineState, 'amount' | 'paid' | 'status' | 'kind'>,
  part: number,
): { paid: number; status: CommissionLineStatus } {
  if (line.status === 'cancelled') {
    throw new PaymentPartError('Deze commissie hoort bij een geannuleerde verkoop')
  }
  if (!Number.isInteger(part) || part <= 0) {
    throw new PaymentPartError('Het bedrag moet groter dan nul zijn, in hele centen')
  }
  const direction = line.amount < 0 ? -1 : 1
  const open = Math.abs(
    getOpenAmount({ commissionAmount: line.amount, paidAmount: line.paid, status: line.status }),
  )
  if (part > open) {
    throw new PaymentPartError('Het bedrag is hoger dan wat op deze regel nog openstaat')
  }
  const paid = line.paid + direction * part
  return { paid, status: statusAfter(line.kind, line.amount, paid) }
}

/** Refused: a payment part dated after tomorrow. */
export const PAID_ON_TOO_LATE = 'De betaaldatum mag niet meer dan een dag in de toekomst liggen.'

/**
 * Whether a payment part's date ('YYYY-MM-DD') lies more than a day after the date of
 * `now` (the server's clock; on a device, the server's clock as it knows it). The day of
 * room lets a device in a time zone ahead of the server book its own today.
 */
export function isPaidOnTooLate(paidOn: string, now: number): boolean {
  return paidOn > format(addDays(now, 1), 'yyyy-MM-dd')
}

/** A line's status after its parts changed (a part added or undone). */
export function statusAfter(
  kind: CommissionLineKind,
  amount: number,
  paid: number,
): CommissionLineStatus {
  if (paid !== amount || amount === 0) return 'pending'
  return kind === 'clawback' ? 'settled' : 'paid'
}

/** A sale's split as a correction starts from it: the one last corrected, else its own lines. */
export function getSaleSplits<
  Split extends { sellerId: string; commissionType: CommissionType },
  Line extends Split & { kind: CommissionLineKind; status: string },
>(sale: { splits: readonly Split[] | null }, lines: readonly Line[]): Split[] {
  if (sale.splits) return [...sale.splits]
  return lines.filter((line) => line.kind === 'commission' && line.status !== 'cancelled')
}

/**
 * Lines with their paid amount and status as the given payment parts say (the device's
 * view: parts it booked offline count at once, parts it undid no longer). A line of 0 and
 * a cancelled line keep what the server said.
 */
export function applyPaymentParts<
  Line extends {
    id: string
    kind: CommissionLineKind
    commissionAmount: number
    paidAmount: number
    status: string
  },
>(lines: readonly Line[], parts: readonly { commissionId: string; amount: number }[]): Line[] {
  const paidByLine = new Map<string, number>()
  for (const part of parts) {
    paidByLine.set(part.commissionId, (paidByLine.get(part.commissionId) ?? 0) + part.amount)
  }
  return lines.map((line) => {
    if (line.status === 'cancelled' || line.commissionAmount === 0) return line
    const direction = line.commissionAmount < 0 ? -1 : 1
    const paidAmount = direction * (paidByLine.get(line.id) ?? 0)
    if (paidAmount === line.paidAmount) return line
    return {
      ...line,
      paidAmount,
      status: statusAfter(line.kind, line.commissionAmount, paidAmount),
    }
  })
}
