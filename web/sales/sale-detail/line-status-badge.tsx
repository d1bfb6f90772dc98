import type { LineStatus } from '#schema/commission-line-status'
import { Badge } from '../../components/badge.tsx'

const BADGES = {
  paid: { variant: 'success', text: 'Betaald' },
  settled: { variant: 'success', text: 'Verrekend' },
  pending: { variant: 'secondary', text: 'In behandeling' },
  overdue: { variant: 'destructive', text: 'Achterstallig' },
  cancelled: { variant: 'outline', text: 'Geannuleerd' },
} as const

/** A line's status; the status is also a data attribute, for tests and styles. */
export function LineStatusBadge({ status }: { status: LineStatus }) {
  const { variant, text } = BADGES[status]
  return (
    <Badge variant={variant} data-status={status}>
      {text}
    </Badge>
  )
}
