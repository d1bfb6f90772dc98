import { readPlannedPercentage } from '#schema/plan-deviation'
import { findReviewReasons, getReviewStatusAfterWrite } from '#schema/sale-review'
import { Alert } from '../../components/alert.tsx'
import type { SalePlan } from '../data/index.ts'
import { type SaleForm, toSalePayload } from './sale-form.ts'

/**
 * Why the sale as filled in now will be held "Ter beoordeling", by the server's own rule
 * (schema/sale-review.ts): typed, a team not at 100 %; from plans (`plan`), a line typed
 * over its plan or a team over 100 %. Empty when it will not, or when its author sees
 * every sale.
 */
export function findHeldReasons(form: SaleForm, canReadAll: boolean, plan?: SalePlan): string[] {
  // The payload as the server reads it: a line without a type is a sales-team line; on a
  // sale from plans a line typed over its plan carries what the plan gives.
  const fromPlan = plan !== undefined
  const lines = toSalePayload(form).commissions.map((line, index) => {
    const origin = plan?.lines[index]
    return {
      ...line,
      commissionType: line.commissionType ?? 'sales',
      plannedPercentage: origin ? readPlannedPercentage(origin) : null,
    }
  })
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
