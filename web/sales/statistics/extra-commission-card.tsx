import { TriangleAlert } from 'lucide-react'
import { EXTRA_COMMISSION_WARNING_PERCENTAGE } from '#schema/commission'
import type { DetailedStats } from '#schema/sales-dashboard'
import {
  type Currency,
  formatCount,
  formatMoney,
  formatPercentage,
} from '../../lib/format-money.ts'
import { FigureCard } from './figure-card.tsx'

type ExtraCommissionCardProps = { stats: DetailedStats; currency: Currency }

/** Sales with referral, manager or director commissions, and those above 50 %. */
export function ExtraCommissionCard({ stats, currency }: ExtraCommissionCardProps) {
  const share =
    stats.totalSales === 0 ? 0 : (stats.salesWithExtraCommissions / stats.totalSales) * 100
  const high = stats.highExtraCommissionSales
  return (
    <FigureCard
      titleId="extra-title"
      title="Extra commissie analyse"
      figures={[
        {
          term: 'Verkopen met extra commissies',
          value: formatCount(stats.salesWithExtraCommissions),
          detail: (
            <p className="text-muted-foreground text-xs">
              {formatPercentage(Math.round(share * 10) / 10)} van alle verkopen
            </p>
          ),
        },
        {
          term: 'Totaal extra commissies',
          value: formatMoney(stats.totalExtraCommissions, currency),
        },
        {
          term: `Boven ${EXTRA_COMMISSION_WARNING_PERCENTAGE}%`,
          value: formatCount(high),
          isAlert: high > 0,
          detail: high > 0 && (
            <p className="flex items-center gap-1.5 font-semibold text-destructive text-xs">
              <TriangleAlert aria-hidden className="size-3.5" />
              Vereist aandacht!
            </p>
          ),
        },
      ]}
    />
  )
}
