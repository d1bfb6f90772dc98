import type { CommissionType } from '#schema/commission'

export { KIND_LABELS } from '../components/line-kind-labels.ts'

/** The wizard's names for the kinds of commission (the sales team and the extra lines). */
export const COMMISSION_TYPE_LABELS: Record<CommissionType, string> = {
  sales: 'Sales team',
  referral: 'Aanbreng',
  manager: 'Sales Manager',
  director: 'Sales Director',
}
