import { ArrowRight, ClipboardCheck } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { ReviewQueueItem } from '#schema/local-sales-data'
import { Badge } from '../../components/badge.tsx'
import { Card, CardContent } from '../../components/card.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney } from '../../lib/format-money.ts'
import { ListCardHeader } from '../components/list-card-header.tsx'
import { salesPath } from '../data/index.ts'

type ReviewQueueCardProps = {
  /** The sales on the list, newest first (buildSalesFigures). */
  items: readonly ReviewQueueItem[]
  /** sales.approve: every sale waiting; otherwise the person's own under review or sent back. */
  isApprover: boolean
  currency: Currency
}

/**
 * "Ter beoordeling ({n})" on the dashboard: for an approver the sales waiting for
 * "Goedkeuren" or "Afwijzen", for a SELLER their own held or sent back. Nothing when empty.
 */
export function ReviewQueueCard({ items, isApprover, currency }: ReviewQueueCardProps) {
  if (items.length === 0) return null
  return (
    <Card aria-labelledby="review-title" className="border-amber-500/40">
      <ListCardHeader
        id="review-title"
        title={`Ter beoordeling (${items.length})`}
        description={
          isApprover
            ? 'Verkopen met een afwijkende verdeling: tellen pas mee na goedkeuring'
            : 'Je verkopen die op goedkeuring wachten of zijn afgewezen'
        }
        count={<ClipboardCheck aria-hidden className="size-3.5" />}
      />
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-2">
          {items.map(({ sale, projectName }) => (
            <li key={sale.id}>
              <Link
                to={salesPath(`/sales/${sale.id}`)}
                className="flex items-center gap-3 rounded-lg border p-3 text-sm transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className="truncate font-medium">{sale.clientName}</span>
                  <span className="truncate text-muted-foreground">
                    {projectName ?? 'Onbekend project'} · {sale.propertyNumber} ·{' '}
                    {formatCalendarDate(sale.saleDate)}
                  </span>
                  {sale.reviewStatus === 'rejected' && (
                    <span className="break-words text-destructive">
                      Afgewezen: {sale.reviewReason}
                    </span>
                  )}
                </span>
                <span className="grid shrink-0 justify-items-end gap-1">
                  <span className="font-medium tabular-nums">
                    {formatMoney(sale.commissionAmount, currency)}
                  </span>
                  {sale.reviewStatus === 'rejected' ? (
                    <Badge variant="destructive">Afgewezen</Badge>
                  ) : (
                    <Badge variant="warning">Ter beoordeling</Badge>
                  )}
                </span>
                <ArrowRight aria-hidden className="size-4 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
