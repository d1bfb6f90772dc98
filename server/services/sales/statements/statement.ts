import type { Currency } from '#schema/format-money'
import type { StatementPeriod } from '#schema/statements'

/** What a line of the sales area is: the sale's own split, a correction, money owed back. */
export type LineKind = 'commission' | 'adjustment' | 'clawback'

/** How a statement names a line's kind. */
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  commission: 'Commissie',
  adjustment: 'Correctie',
  clawback: 'Terugvordering',
}

/**
 * Where a statement line comes from: which sale, project and property; and, for a line a
 * commission plan made, why it is what it is (a tier crossed, a cap reached: decision 039).
 */
export type StatementSale = {
  clientName: string
  projectName: string
  propertyNumber: string
  planNote?: string | null
}

/** A payment part in the period; amount in cents, negative on a clawback or negative correction. */
export type StatementPayment = StatementSale & { paidOn: string; kind: LineKind; amount: number }

/** A correction or clawback created in the period that is not yet paid off; signed cents. */
export type StatementOpenLine = StatementSale & {
  createdOn: string
  kind: Exclude<LineKind, 'commission'>
  remaining: number
}

/** A seller's payout statement for a period ("Afrekening"). Money in cents. */
export type Statement = {
  organisationName: string
  sellerId: string
  sellerName: string
  currency: Currency
  period: StatementPeriod
  payments: StatementPayment[]
  openLines: StatementOpenLine[]
  totals: {
    /** Paid on commission lines in the period. */
    commission: number
    /** Paid on corrections (either sign). */
    adjustments: number
    /** Received back on clawbacks: negative. */
    clawbacks: number
    net: number
    /** Still open on the corrections and clawbacks of the period. */
    open: number
  }
}

/** More lines than this in one statement are refused: a PDF of about 150 pages. */
export const MAX_STATEMENT_LINES = 5000
