import { Pencil, TriangleAlert } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { ReviewQueueItem } from '#schema/local-sales-data'
import { buttonClass } from '../../components/button.tsx'
import { Card, CardContent } from '../../components/card.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'
import { ListCardHeader } from '../components/list-card-header.tsx'
import { salesPath } from '../data/index.ts'

type ImplausibleCommissionCardProps = {
  /** The sales above the bound, highest percentage first (buildSalesFigures). */
  items: readonly ReviewQueueItem[]
  /** The organisation's plausible commission % (Instellingen). */
  bound: number
  currency: Currency
}

/**
 * "Commissie boven {bound}" on a sales ADMIN's dashboard: sales whose commission % is
 * higher than the organisation finds plausible (a Dutch '2,5' once stored as 25 %), each
 * with "Verkoop corrigeren". Nothing when empty.
 */
export function ImplausibleCommissionCard({
  items,
  bound,
  currency,
}: ImplausibleCommissionCardProps) {
  if (items.length === 0) return null
  return (
    <Card aria-labelledby="implausible-title" className="border-amber-500/40">
      <ListCardHeader
        id="implausible-title"
        title={`Commissie boven ${formatTypedPercentage(bound)} (${items.length})`}
        description="Controleer het percentage: een ingetypte 2,5 kan als 25% zijn opgeslagen"
        count={<TriangleAlert aria-hidden className="size-3.5" />}
      />
      <CardContent className="px-4 sm:px-6">
        <ul className="grid gap-2">
          {items.map(({ sale, projectName }) => (
            <li
              key={sale.id}
              aria-label={sale.clientName}
              className="flex flex-wrap items-center gap-3 rounded-lg border p-3 text-sm"
            >
              <Link
                to={salesPath(`/sales/${sale.id}`)}
                className="grid min-w-0 flex-1 basis-48 gap-0.5 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
              >
                <span className="truncate font-medium">{sale.clientName}</span>
                <span className="break-words text-muted-foreground">
                  {projectName ?? 'Onbekend project'} · {sale.propertyNumber} ·{' '}
                  {formatCalendarDate(sale.saleDate)}
                </span>
              </Link>
              <span className="grid shrink-0 justify-items-end gap-0.5 tabular-nums">
                <span className="font-semibold text-amber-700 dark:text-amber-300">
                  {formatTypedPercentage(sale.commissionPercentage)}
                </span>
                <span className="text-muted-foreground">
                  {formatMoney(sale.commissionAmount, currency)}
                </span>
              </span>
              <Link
                to={salesPath(`/sales/${sale.id}/edit`)}
                className={buttonClass('outline', 'sm', 'w-full sm:w-auto')}
              >
                <Pencil aria-hidden />
                Verkoop corrigeren
              </Link>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
