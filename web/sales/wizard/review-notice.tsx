import { findReviewReasons, getReviewStatusAfterWrite } from '#schema/sale-review'
import { Alert } from '../../components/alert.tsx'
import { type SaleForm, toSalePayload } from './sale-form.ts'

/**
 * Why the sale as filled in now will be held "Ter beoordeling", by the server's own rule
 * (schema/sale-review.ts); empty when it will not, or when its author sees every sale.
 */
export function findHeldReasons(form: SaleForm, canReadAll: boolean, fromPlan = false): string[] {
  // The payload as the server reads it: a line without a type is a sales-team line.
  const lines = toSalePayload(form).commissions.map((line) => ({
    ...line,
    commissionType: line.commissionType ?? 'sales',
  }))
  const status = getReviewStatusAfterWrite({ canReadAll, lines, current: null, fromPlan })
  return status === 'pending' ? findReviewReasons(lines, { fromPlan }) : []
}

/** The toast of a registration that went to review. */
export const HELD_FOR_REVIEW_TOAST = {
  title: 'Verkoop ter beoordeling',
  description:
    'De verkoop is geregistreerd en wacht op goedkeuring door een manager of admin; de commissies tellen pas daarna mee.',
}

/** Step 4's notice before a SELLER registers a split that will be held for review. */
export function ReviewNotice({ reasons }: { reasons: readonly string[] }) {
  if (reasons.length === 0) return null
  return (
    <Alert title="Deze verkoop gaat ter beoordeling">
      <p>
        Een manager of admin keurt de verdeling eerst goed; tot dan tellen de commissies niet mee en
        kunnen ze niet betaald worden.
      </p>
      <ul className="mt-1 ml-5 list-disc">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </Alert>
  )
}
