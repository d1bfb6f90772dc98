import { Banknote } from 'lucide-react'
import { getLineStatus, getOpenAmount } from '#schema/commission-line-status'
import type { CommissionDocument, CommissionPaymentDocument } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { cn } from '../../lib/class-names.ts'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'
import { COMMISSION_TYPE_LABELS, KIND_LABELS } from './line-labels.ts'
import { LineStatusBadge } from './line-status-badge.tsx'
import { PaymentPartList } from './payment-part-list.tsx'

/** What those who may pay can do on a line. */
export type LineActions = {
  onPay: (line: CommissionDocument) => void
  onUndo: (part: CommissionPaymentDocument, line: CommissionDocument) => void
}

type CommissionLineItemProps = {
  line: CommissionDocument
  parts: readonly CommissionPaymentDocument[]
  today: string
  currency: Currency
  /** Absent: read only (a SELLER, or a sale not yet on the server). */
  actions?: LineActions
}

/** What the line is: its kind of commission, role and percentage, and when it is due. */
function describeLine(line: CommissionDocument, isDue: boolean) {
  return [
    COMMISSION_TYPE_LABELS[line.commissionType],
    line.role !== COMMISSION_TYPE_LABELS[line.commissionType] && line.role,
    line.kind === 'commission' && formatTypedPercentage(line.commissionPercentage),
    // A clawback is owed back, not paid out: it has no expected payment date to show.
    isDue &&
      line.kind !== 'clawback' &&
      line.expectedPaymentDate &&
      `verwacht ${formatCalendarDate(line.expectedPaymentDate)}`,
  ]
    .filter(Boolean)
    .join(' · ')
}

/**
 * One commission line: kind, amount, paid so far, open, status, its payment parts and
 * "Betaling registreren" while something is open. A negative line (a clawback, an
 * adjustment down) is paid back by the seller.
 */
export function CommissionLineItem({
  line,
  parts,
  today,
  currency,
  actions,
}: CommissionLineItemProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  const status = getLineStatus(line, today)
  // Shown as a positive amount: a negative line's open amount is still to be paid back.
  const open = Math.abs(getOpenAmount(line))
  const isRepayment = line.commissionAmount < 0
  const isDue = status === 'pending' || status === 'overdue'
  // A cancelled line's parts are what its clawback claims back: they stay.
  const canUndo = actions && line.status !== 'cancelled' && line.seq !== 0
  const kind = KIND_LABELS[line.kind]
  return (
    <li
      aria-label={`${kind} ${money(line.commissionAmount)}`}
      data-kind={line.kind}
      className={cn(
        'grid gap-3 rounded-lg border p-3',
        status === 'overdue' && 'border-destructive/50 bg-destructive/5',
        status === 'cancelled' && 'bg-muted/40',
      )}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-0.5">
          <p className={cn('font-medium', line.kind === 'clawback' && 'text-destructive')}>
            {kind}
          </p>
          <p className="text-muted-foreground text-xs">{describeLine(line, isDue)}</p>
          {line.planVersionId && (
            // Which plan tier made it, and why an adjustment (decision 040).
            <p className="text-muted-foreground text-xs">
              {line.seq === 0 ? 'Voorlopig volgens plan' : 'Volgens plan'}
              {line.commissionType !== 'sales'
                ? ' · vast aandeel'
                : line.planTier
                  ? ` · trede ${line.planTier}`
                  : ' · basisaandeel'}
              {line.planNote && ` · ${line.planNote}`}
            </p>
          )}
          {!line.planVersionId && line.planNote && (
            // A share set over the plan's: what the plan gave (decision 039).
            <p className="text-amber-700 text-xs dark:text-amber-300">{line.planNote}</p>
          )}
        </div>
        <LineStatusBadge status={status} />
      </div>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Figure term="Bedrag" value={money(line.commissionAmount)} strong />
        <Figure
          term={isRepayment ? 'Terugbetaald' : 'Betaald'}
          value={money(Math.abs(line.paidAmount))}
        />
        <Figure term="Open" value={money(open)} />
      </dl>
      {parts.length > 0 && (
        <PaymentPartList
          parts={parts}
          currency={currency}
          onUndo={canUndo ? (part) => actions.onUndo(part, line) : undefined}
        />
      )}
      {actions && open > 0 && line.seq !== 0 && (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => actions.onPay(line)}
        >
          <Banknote aria-hidden />
          {isRepayment ? 'Terugbetaling registreren' : 'Betaling registreren'}
        </Button>
      )}
    </li>
  )
}

function Figure({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className={cn('tabular-nums', strong && 'font-semibold')}>{value}</dd>
    </div>
  )
}
