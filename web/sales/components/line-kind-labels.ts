import type { CommissionDocument } from '#schema/sales'

/** How each kind of commission line is called on the screens. */
export const KIND_LABELS: Record<CommissionDocument['kind'], string> = {
  commission: 'Commissie',
  adjustment: 'Correctie',
  clawback: 'Terugvordering',
}
