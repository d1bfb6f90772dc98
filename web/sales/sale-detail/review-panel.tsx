import { Check, X } from 'lucide-react'
import { readPlannedPercentage } from '#schema/plan-deviation'
import { findReviewReasons } from '#schema/sale-review'
import type { CommissionDocument, SaleDocument } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { CorrectSaleLink } from './correct-sale-link.tsx'

type ReviewPanelProps = {
  sale: SaleDocument
  lines: readonly CommissionDocument[]
  /** Present for an approver of this sale (sales.approve, not its author) while it waits. */
  review?: { onApprove: () => void; onReject: () => void; isBusy: boolean }
  /** Whether the person may correct it (its author, or the office). */
  canCorrect: boolean
}

/**
 * A sale "Ter beoordeling" or "Afgewezen" (schema/sale-review.ts): why it is held, that its
 * commissions neither count nor can be paid yet, and what each person can do about it.
 */
export function ReviewPanel({ sale, lines, review, canCorrect }: ReviewPanelProps) {
  if (!sale.reviewStatus) return null
  const isRejected = sale.reviewStatus === 'rejected'
  // The sale's own lines, as the rule reads them (a correction's adjustments aside).
  // On a sale from plans, a line set over its plan says what the plan gave (decision 039).
  const reasons = findReviewReasons(
    lines
      .filter((line) => line.kind === 'commission')
      .map((line) => ({ ...line, plannedPercentage: readPlannedPercentage(line) })),
    { fromPlan: sale.fromPlan },
  )
  return (
    <section
      aria-label={isRejected ? 'Afgewezen' : 'Ter beoordeling'}
      className={
        isRejected
          ? 'mb-6 grid gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm'
          : 'mb-6 grid gap-3 rounded-lg border border-amber-500/40 bg-amber-500/10 p-4 text-sm'
      }
    >
      <div className="grid gap-1">
        <p className={isRejected ? 'font-medium text-destructive' : 'font-medium'}>
          {isRejected ? `Afgewezen: ${sale.reviewReason ?? ''}` : 'Ter beoordeling'}
        </p>
        <p className="text-muted-foreground">
          {isRejected
            ? 'Corrigeer de verkoop; daarna wordt hij opnieuw beoordeeld.'
            : 'Een manager of admin kijkt deze verdeling na. Tot de goedkeuring tellen de commissies niet mee en kunnen ze niet betaald worden.'}
        </p>
        {!isRejected && reasons.length > 0 && (
          <ul className="list-disc pl-5 text-muted-foreground">
            {reasons.map((reason) => (
              <li key={reason}>{reason}</li>
            ))}
          </ul>
        )}
      </div>
      {(review || (isRejected && canCorrect)) && (
        <div className="flex flex-wrap gap-2">
          {review && (
            <>
              <Button
                onClick={review.onApprove}
                disabled={review.isBusy}
                className="flex-1 sm:flex-none"
              >
                <Check aria-hidden />
                Goedkeuren
              </Button>
              <Button
                variant="outline"
                onClick={review.onReject}
                disabled={review.isBusy}
                className="flex-1 text-destructive hover:text-destructive sm:flex-none"
              >
                <X aria-hidden />
                Afwijzen
              </Button>
            </>
          )}
          {isRejected && canCorrect && <CorrectSaleLink saleId={sale.id} />}
        </div>
      )}
    </section>
  )
}
