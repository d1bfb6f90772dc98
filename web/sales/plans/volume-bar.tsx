import type { PlanVersion } from '#schema/commission-plans'
import { formatTypedPercentage } from '../../lib/format-money.ts'
import { formatAmount } from './plan-text.ts'

type Tier = PlanVersion['roles'][number]['tiers'][number]

type VolumeBarProps = {
  volume: number
  /** The role's tiers: a tick mark at each threshold. */
  tiers: readonly Tier[]
  /** The bar's full width in cents, shared by bars shown together; by default its own. */
  scale?: number
}

/** The width a bar needs for its volume and its highest threshold, with a little room. */
export function barScale(volume: number, tiers: readonly Tier[]) {
  const highest = tiers.at(-1)?.fromVolume ?? 0
  return Math.max(volume, highest * 1.1, 1)
}

/**
 * A seller's volume in the period as a bar, with a tick mark at each tier's threshold
 * (reached ticks dark, others light). The text beside it says the same for a screen reader:
 * the bar itself is decoration.
 */
export function VolumeBar({ volume, tiers, scale = barScale(volume, tiers) }: VolumeBarProps) {
  const at = (cents: number) => `${Math.min(100, (cents / scale) * 100)}%`
  const reached = (tier: Tier) => volume >= tier.fromVolume
  const description = tiers.length
    ? `Treden: ${tiers
        .map(
          (tier) =>
            `vanaf ${formatAmount(tier.fromVolume)} ${formatTypedPercentage(tier.share)}${reached(tier) ? ' (bereikt)' : ''}`,
        )
        .join(', ')}`
    : 'Geen treden'
  return (
    <div className="grid gap-1">
      <div aria-hidden className="relative h-3 rounded-full bg-muted">
        <div
          className="absolute inset-y-0 left-0 rounded-full bg-amber-500"
          style={{ width: at(volume) }}
        />
        {tiers.map((tier) => (
          <span
            key={tier.fromVolume}
            title={`Vanaf ${formatAmount(tier.fromVolume)}: ${formatTypedPercentage(tier.share)}`}
            className={`absolute -top-1 -bottom-1 w-0.5 -translate-x-1/2 rounded-full ${reached(tier) ? 'bg-foreground' : 'bg-muted-foreground/60'}`}
            style={{ left: at(tier.fromVolume) }}
          />
        ))}
      </div>
      <p className="sr-only">{description}</p>
    </div>
  )
}

/** The threshold labels under a single bar: '€ 5.000.000 · 70%'. */
export function TierLabels({ tiers, scale }: { tiers: readonly Tier[]; scale: number }) {
  if (tiers.length === 0) return null
  return (
    <div aria-hidden className="relative h-9 text-muted-foreground text-xs">
      {tiers.map((tier, index) => {
        const left = Math.min(100, (tier.fromVolume / scale) * 100)
        // The last label keeps to the bar's right edge, the others centre on their tick.
        const shift =
          left > 80 ? '-translate-x-full' : index === 0 && left < 15 ? '' : '-translate-x-1/2'
        return (
          <span
            key={tier.fromVolume}
            className={`absolute top-0 grid whitespace-nowrap text-center ${shift}`}
            style={{ left: `${left}%` }}
          >
            <span>{formatAmount(tier.fromVolume)}</span>
            <span className="font-medium text-foreground">{formatTypedPercentage(tier.share)}</span>
          </span>
        )
      })}
    </div>
  )
}
