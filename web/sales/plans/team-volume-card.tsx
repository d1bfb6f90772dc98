import { BarChart3 } from 'lucide-react'
import { Link } from 'react-router-dom'
import { IconCard } from '../../components/card.tsx'
import { formatTypedPercentage } from '../../lib/format-money.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { useSalesUser } from '../data/sales-session.tsx'
import { useTeamPositions } from '../data/use-commission-plans.ts'
import { hasSalesPermission } from '../layout/sales-roles.ts'
import { formatAmount, formatDay } from './plan-text.ts'
import { barScale, VolumeBar } from './volume-bar.tsx'

/**
 * "Volume per verkoper" (docs/behaviour.md, Commissieplannen): each seller on a plan with
 * their volume in their plan's current period, ticks at their tiers and what is left to the
 * next. A SELLER sees their own bar only. Hidden while nobody is on a plan: most teams work
 * without plans, and an empty card would only say so.
 */
export function TeamVolumeCard() {
  const user = useSalesUser()
  const seesAll = hasSalesPermission(user, 'sales.read.all')
  const positions = useTeamPositions()?.filter((item) => seesAll || item.sellerId === user.sellerId)
  if (!positions || positions.length === 0) return null
  // One scale for all bars, so their lengths compare.
  const scale = Math.max(...positions.map((item) => barScale(item.position.volume, item.tiers)))
  return (
    <IconCard
      Icon={BarChart3}
      iconClassName="text-amber-600"
      title="Volume per verkoper"
      description="Volume in de huidige periode van het plan, met een streep bij elke trede"
    >
      <ul aria-label="Volume per verkoper" className="grid gap-5 px-6 pb-6">
        {positions.map(({ sellerId, sellerName, position, tiers }) => (
          <li key={sellerId} aria-label={sellerName} className="grid gap-1.5">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
              <Link
                to={salesPath(`/sellers/${sellerId}`)}
                className="font-medium underline-offset-4 hover:underline"
              >
                {sellerName}
              </Link>
              <span className="text-muted-foreground text-xs">
                {`${position.planName} · ${formatDay(position.periodStart)} t/m ${formatDay(position.periodEnd)}`}
              </span>
            </div>
            <VolumeBar volume={position.volume} tiers={tiers} scale={scale} />
            <p className="flex flex-wrap justify-between gap-x-3 text-sm">
              <span className="tabular-nums">
                {`${formatAmount(position.volume)} · ${formatTypedPercentage(position.share)}`}
              </span>
              <span className="font-medium">{position.text ?? 'Hoogste trede bereikt'}</span>
            </p>
          </li>
        ))}
      </ul>
    </IconCard>
  )
}
