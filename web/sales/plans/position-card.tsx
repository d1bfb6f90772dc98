import { Gauge } from 'lucide-react'
import { findEffective, findPlanRole } from '#schema/plan-arithmetic'
import { findPlanVersion, type PlanBook } from '#schema/plan-resolution'
import { IconCard } from '../../components/card.tsx'
import { formatTypedPercentage } from '../../lib/format-money.ts'
import { formatAmount, formatDay } from './plan-text.ts'
import type { ShownPosition } from './plan-types.ts'
import { barScale, TierLabels, VolumeBar } from './volume-bar.tsx'

/** The tiers of the seller's role in the plan they are on `date`, for the tick marks. */
export function findRoleTiers(
  book: PlanBook | undefined,
  sellerId: string,
  role: string,
  date: string,
) {
  if (!book) return []
  const placement = findEffective(
    book.placements.filter((item) => item.sellerId === sellerId),
    date,
  )
  const version = placement ? findPlanVersion(book, placement.planId, date) : null
  return (version && findPlanRole(version, role)?.tiers) || []
}

type PositionCardProps = {
  /** undefined while read; null: on no plan today. */
  position: ShownPosition | undefined
  tiers: ReturnType<typeof findRoleTiers>
}

/**
 * Where the seller stands in their plan's current period (docs/behaviour.md,
 * Commissieplannen): volume, tier, share and what is left to the next tier.
 */
export function PositionCard({ position, tiers }: PositionCardProps) {
  return (
    <IconCard
      Icon={Gauge}
      iconClassName="text-amber-600"
      title="Positie"
      description={
        position
          ? `${position.planName} · ${position.role} · ${formatDay(position.periodStart)} t/m ${formatDay(position.periodEnd)}`
          : 'Volume en trede in de periode van het plan'
      }
    >
      <div className="grid gap-4 px-6 pb-6">
        {position === undefined ? (
          <p className="text-muted-foreground text-sm">Laden...</p>
        ) : position === null ? (
          <p className="text-muted-foreground text-sm">
            Niet op een commissieplan: de verdeling wordt per verkoop ingevuld.
          </p>
        ) : (
          <>
            <dl className="grid grid-cols-3 gap-3">
              <Figure label="Volume deze periode" value={formatAmount(position.volume)} />
              <Figure
                label="Trede"
                value={position.tier === 0 ? 'Basis' : `Trede ${position.tier}`}
              />
              <Figure label="Aandeel" value={formatTypedPercentage(position.share)} />
            </dl>
            <div className="grid gap-1">
              <VolumeBar volume={position.volume} tiers={tiers} />
              <TierLabels tiers={tiers} scale={barScale(position.volume, tiers)} />
            </div>
            <p className="font-medium text-sm">
              {position.text ?? 'Hoogste trede bereikt: geen volgende trede.'}
            </p>
          </>
        )}
      </div>
    </IconCard>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words font-semibold text-lg tabular-nums leading-tight">{value}</dd>
    </div>
  )
}
