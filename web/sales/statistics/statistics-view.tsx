import {
  Banknote,
  Home,
  Percent,
  TrendingDown,
  TrendingUp,
  TriangleAlert,
  Wallet,
} from 'lucide-react'
import { EXTRA_COMMISSION_WARNING_PERCENTAGE } from '#schema/commission'
import type { DetailedStats } from '#schema/sales-dashboard'
import { cn } from '../../lib/class-names.ts'
import {
  type Currency,
  formatCount,
  formatMoney,
  formatPercentage,
} from '../../lib/format-money.ts'
import { StatTile } from '../components/stat-tile.tsx'
import { CommissionBreakdownCard } from './commission-breakdown-card.tsx'
import { ExtraCommissionCard } from './extra-commission-card.tsx'
import { getMonthChange } from './month-change.ts'
import { RevenueCard } from './revenue-card.tsx'

type StatisticsViewProps = { stats: DetailedStats; currency: Currency }

/** The statistics of the local data (docs/behaviour.md, Statistics). */
export function StatisticsView({ stats, currency }: StatisticsViewProps) {
  const change = getMonthChange(stats.thisMonthSales, stats.lastMonthSales)
  return (
    <div className="grid grid-cols-1 gap-6">
      {stats.highExtraCommissionSales > 0 && (
        <p
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-amber-500/50 bg-amber-500/10 p-4 text-amber-900 text-sm dark:text-amber-200"
        >
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <span className="font-semibold">Waarschuwing:</span>{' '}
            {stats.highExtraCommissionSales === 1
              ? `1 verkoop heeft extra commissies boven ${EXTRA_COMMISSION_WARNING_PERCENTAGE}%.`
              : `${formatCount(stats.highExtraCommissionSales)} verkopen hebben extra commissies boven ${EXTRA_COMMISSION_WARNING_PERCENTAGE}%.`}
          </span>
        </p>
      )}

      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatTile
          title="Totaal Verkopen"
          value={formatCount(stats.totalSales)}
          Icon={Home}
          detail={
            change === undefined ? (
              `${formatCount(stats.thisMonthSales)} deze maand`
            ) : (
              <span
                className={cn(
                  'inline-flex items-center gap-1',
                  change >= 0 ? 'text-emerald-700 dark:text-emerald-300' : 'text-destructive',
                )}
              >
                {change >= 0 ? (
                  <TrendingUp aria-hidden className="size-3.5" />
                ) : (
                  <TrendingDown aria-hidden className="size-3.5" />
                )}
                {`${change >= 0 ? '+' : ''}${formatPercentage(change)} t.o.v. vorige maand`}
              </span>
            )
          }
        />
        <StatTile
          title="Gem. Verkoopprijs"
          value={formatMoney(stats.averageSalePrice, currency)}
          Icon={Banknote}
        />
        <StatTile
          title="Gem. Commissie %"
          value={formatPercentage(stats.averageCommissionPercentage)}
          Icon={Percent}
        />
        <StatTile
          title="Gem. Commissie"
          value={formatMoney(stats.averageCommissionAmount, currency)}
          detail="Netto per verkoop"
          Icon={Wallet}
        />
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <RevenueCard stats={stats} currency={currency} />
        <CommissionBreakdownCard stats={stats} currency={currency} />
        <ExtraCommissionCard stats={stats} currency={currency} />
      </div>
    </div>
  )
}
