import { Check, Undo2 } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { SalesListItem } from '#schema/sales-dashboard'
import { Badge } from '../../components/badge.tsx'
import { Button } from '../../components/button.tsx'
import { cn } from '../../lib/class-names.ts'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'
import { KIND_LABELS } from '../components/line-kind-labels.ts'
import { salesPath } from '../data/index.ts'
import { CommissionStatusBadge } from './commission-status-badge.tsx'

export type CommissionLine = SalesListItem['commissions'][number]

type SaleCardProps = {
  sale: SalesListItem
  currency: Currency
  /** ADMIN and MANAGER mark lines paid (and back); absent for everybody else. */
  onSetStatus?: (line: CommissionLine, status: 'paid' | 'pending') => void
}

/** One sale of the list with its commission lines and their status. */
export function SaleCard({ sale, currency, onSetStatus }: SaleCardProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0" aria-label={`Verkoop ${sale.clientName}`}>
      <div className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5">
        <p className="break-words font-semibold">
          <Link
            to={salesPath(`/sales/${sale.id}`)}
            className="underline decoration-muted-foreground/40 underline-offset-4 hover:text-primary hover:decoration-primary"
          >
            {sale.clientName}
          </Link>
          {sale.status === 'cancelled' && (
            <Badge variant="destructive" className="ml-2 align-middle">
              Geannuleerd
            </Badge>
          )}
          {sale.reviewStatus === 'pending' && (
            <Badge variant="warning" className="ml-2 align-middle">
              Ter beoordeling
            </Badge>
          )}
          {sale.reviewStatus === 'rejected' && (
            <Badge variant="destructive" className="ml-2 align-middle">
              Afgewezen
            </Badge>
          )}
        </p>
        <p className="text-right font-semibold tabular-nums">{money(sale.salePrice)}</p>
        <p className="text-muted-foreground text-sm">
          {sale.projectName} · Bouwnummer {sale.propertyNumber} ·{' '}
          <time dateTime={sale.saleDate}>{formatCalendarDate(sale.saleDate)}</time>
        </p>
        <p className="text-right text-muted-foreground text-sm tabular-nums">
          {formatTypedPercentage(sale.commissionPercentage)}
          <span className="hidden sm:inline"> · netto {money(sale.commissionAmount)}</span>
        </p>
        <p className="col-span-2 text-muted-foreground text-sm tabular-nums sm:hidden">
          Netto commissie {money(sale.commissionAmount)}
        </p>
      </div>
      {/* Held for review: its lines neither count nor can be paid (schema/sale-review.ts). */}
      {sale.reviewStatus ? (
        <p className="text-muted-foreground text-sm">
          De commissies tellen mee en kunnen betaald worden na goedkeuring.
        </p>
      ) : (
        sale.commissions.length > 0 && (
          <ul className="grid gap-2">
            {sale.commissions.map((line) => (
              <li
                key={line.id}
                className={cn(
                  'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border px-3 py-2 text-sm',
                  line.status === 'overdue' && 'border-destructive/50 bg-destructive/5',
                )}
              >
                <span className="min-w-0 flex-1 basis-40">
                  <span className="font-medium">{line.sellerName}</span>
                  {line.role && <span className="text-muted-foreground"> · {line.role}</span>}
                  {line.kind !== 'commission' && (
                    <span className="text-muted-foreground"> · {KIND_LABELS[line.kind]}</span>
                  )}
                </span>
                <span className="font-semibold tabular-nums">{money(line.amount)}</span>
                <CommissionStatusBadge status={line.status} />
                {/* A clawback is settled and a cancelled line left alone on the sale's screen. */}
                {onSetStatus &&
                  line.kind !== 'clawback' &&
                  line.status !== 'cancelled' &&
                  (line.status === 'paid' ? (
                    <Button
                      variant="ghost"
                      size="sm"
                      onClick={() => onSetStatus(line, 'pending')}
                      aria-label={`Markeer als openstaand: ${line.sellerName}`}
                    >
                      <Undo2 aria-hidden />
                      <span className="hidden sm:inline">Openstaand</span>
                    </Button>
                  ) : (
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => onSetStatus(line, 'paid')}
                      aria-label={`Markeer betaald: ${line.sellerName}`}
                    >
                      <Check aria-hidden />
                      Markeer betaald
                    </Button>
                  ))}
              </li>
            ))}
          </ul>
        )
      )}
    </li>
  )
}
