import { Banknote, CircleCheck, Home, Hourglass, Percent, Wallet } from 'lucide-react'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import {
  type Currency,
  formatCount,
  formatMoney,
  formatPercentage,
} from '../../lib/format-money.ts'
import { overdueCommissionTile, StatTiles } from '../components/stat-tile.tsx'

type CommissionTilesProps = { dashboard: CommissionDashboard; currency: Currency }

/** The seven figures of the commission screen (docs/behaviour.md). */
export function CommissionTiles({ dashboard, currency }: CommissionTilesProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  return (
    <div className="grid grid-cols-1 gap-3 sm:gap-4">
      <StatTiles
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4"
        tiles={[
          {
            title: 'Verkochte woningen',
            value: formatCount(dashboard.totalProperties),
            detail: `${formatCount(dashboard.totalSales)} verkopen`,
            Icon: Home,
          },
          { title: 'Gem. verkoopprijs', value: money(dashboard.averageSalePrice), Icon: Banknote },
          {
            title: 'Gem. commissie %',
            value: formatPercentage(dashboard.averageCommissionPercentage),
            Icon: Percent,
          },
          {
            title: 'Gem. commissie',
            value: money(dashboard.averageCommissionAmount),
            detail: 'Netto per verkoop',
            Icon: Wallet,
          },
        ]}
      />
      <StatTiles
        className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3"
        tiles={[
          {
            title: 'Te ontvangen',
            value: money(dashboard.pendingCommissions + dashboard.overdueCommissions),
            detail: 'Openstaand en achterstallig',
            Icon: Hourglass,
            tone: 'warning',
          },
          {
            title: 'Ontvangen',
            value: money(dashboard.paidCommissions),
            detail: 'Betaald',
            Icon: CircleCheck,
            tone: 'success',
          },
          overdueCommissionTile(money(dashboard.overdueCommissions)),
        ]}
      />
    </div>
  )
}
