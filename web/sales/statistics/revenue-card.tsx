import type { DetailedStats } from '#schema/sales-dashboard'
import { type Currency, formatMoney, formatPercentage } from '../../lib/format-money.ts'
import { FigureCard } from './figure-card.tsx'

type RevenueCardProps = { stats: DetailedStats; currency: Currency }

/** Total revenue, total commissions and their ratio. */
export function RevenueCard({ stats, currency }: RevenueCardProps) {
  const ratio = stats.totalRevenue === 0 ? 0 : (stats.totalCommissions / stats.totalRevenue) * 100
  return (
    <FigureCard
      titleId="revenue-title"
      title="Omzet overzicht"
      figures={[
        { term: 'Totale omzet', value: formatMoney(stats.totalRevenue, currency) },
        { term: 'Totale commissies', value: formatMoney(stats.totalCommissions, currency) },
        { term: 'Commissie / omzet', value: formatPercentage(ratio) },
        ...(stats.clawbacksTotal > 0
          ? [
              {
                term: 'Terugvorderingen (geannuleerde verkopen)',
                value: formatMoney(stats.clawbacksTotal, currency),
              },
              {
                term: 'Nog terug te ontvangen',
                value: formatMoney(stats.openClawbacks, currency),
              },
            ]
          : []),
      ]}
    />
  )
}
