import type { EffectiveStatus } from '#schema/commission-line-status'
import { Badge } from '../../components/badge.tsx'

/** 'Betaald' for paid, 'Geannuleerd' with its sale, 'In behandeling' otherwise (docs/behaviour.md, Commissions); overdue in red, said aloud. */
export function CommissionStatusBadge({ status }: { status: EffectiveStatus }) {
  if (status === 'paid') return <Badge variant="success">Betaald</Badge>
  if (status === 'cancelled') return <Badge variant="outline">Geannuleerd</Badge>
  if (status === 'overdue') {
    return (
      <Badge variant="destructive" data-status="overdue" title="Achterstallig">
        In behandeling
        <span className="ml-1 font-semibold">· Achterstallig</span>
      </Badge>
    )
  }
  return (
    <Badge variant="secondary" data-status="pending">
      In behandeling
    </Badge>
  )
}
