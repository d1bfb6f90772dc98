import type { DetailedStats } from '#schema/sales-dashboard'
import { type Currency, formatMoney, formatPercentage } from '../../lib/format-money.ts'
import { FigureCard } from './figure-card.tsx'

type CommissionBreakdownCardProps = { stats: DetailedStats; currency: Currency }

/** What went to the sales team, referrals, managers and directors, with each one's share. */
export function CommissionBreakdownCard({ stats, currency }: CommissionBreakdownCardProps) {
  const parts = [
    { term: 'Sales team', cents: stats.salesCommissionsTotal, colour: 'bg-primary' },
    { term: 'Aanbreng', cents: stats.referralCommissionsTotal, colour: 'bg-sky-500' },
    { term: 'Sales Manager', cents: stats.managerCommissionsTotal, colour: 'bg-violet-500' },
    { term: 'Sales Director', cents: stats.directorCommissionsTotal, colour: 'bg-amber-500' },
  ]
  const total = parts.reduce((sum, part) => sum + part.cents, 0)
  const share = (cents: number) => (total === 0 ? 0 : (cents / total) * 100)
  return (
    <FigureCard
      titleId="breakdown-title"
      title="Commissie verdeling"
      figures={parts.map((part) => ({
        term: part.term,
        value: formatMoney(part.cents, currency),
        detail: (
          <div className="flex items-center gap-2">
            <div className="h-1.5 flex-1 overflow-hidden rounded-full bg-muted">
              <div
                className={`h-full rounded-full ${part.colour}`}
                style={{ width: `${share(part.cents)}%` }}
              />
            </div>
            <span className="w-12 text-right text-muted-foreground text-xs tabular-nums">
              {formatPercentage(Math.round(share(part.cents) * 10) / 10)}
            </span>
          </div>
        ),
      }))}
    />
  )
}
