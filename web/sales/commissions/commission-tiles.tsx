import { AlarmClock, Banknote, CircleCheck, Home, Hourglass, Percent, Wallet } from 'lucide-react'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import {
  type Currency,
  formatCount,
  formatMoney,
  formatPercentage,
} from '../../lib/format-money.ts'
import { StatTile } from '../components/stat-tile.tsx'

type CommissionTilesProps = { dashboard: CommissionDashboard; currency: Currency }

/** The seven figures of the commission screen (docs/behaviour.md). */
export function CommissionTiles({ dashboard, currency }: CommissionTilesProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  return (
    <div className="grid grid-cols-1 gap-3 sm:gap-4">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <StatTile
          title="Verkochte woningen"
          value={formatCount(dashboard.totalProperties)}
          detail={`${formatCount(dashboard.totalSales)} verkopen`}
          Icon={Home}
        />
        <StatTile
          title="Gem. verkoopprijs"
          value={money(dashboard.averageSalePrice)}
          Icon={Banknote}
        />
        <StatTile
          title="Gem. commissie %"
          value={formatPercentage(dashboard.averageCommissionPercentage)}
          Icon={Percent}
        />
        <StatTile
          title="Gem. commissie"
          value={money(dashboard.averageCommissionAmount)}
          detail="Netto per verkoop"
          Icon={Wallet}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3">
        <StatTile
          title="Te ontvangen"
          value={money(dashboard.pendingCommissions + dashboard.overdueCommissions)}
          detail="Openstaand en achterstallig"
          Icon={Hourglass}
          tone="warning"
        />
        <StatTile
          title="Ontvangen"
          value={money(dashboard.paidCommissions)}
          detail="Betaald"
          Icon={CircleCheck}
          tone="success"
        />
        <StatTile
          title="Achterstallig"
          value={money(dashboard.overdueCommissions)}
          detail="Na de verwachte betaaldatum"
          Icon={AlarmClock}
          tone="danger"
        />
      </div>
    </div>
  )
}
