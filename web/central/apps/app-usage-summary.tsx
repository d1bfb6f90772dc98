import { CloudOff, LoaderCircle } from 'lucide-react'
import type { ReactNode } from 'react'
import { USAGE_FIGURES } from './usage-figures.ts'
import { summariseUsage } from './usage-series.ts'
import { type AppUsageState, USAGE_DAYS } from './use-app-usage.ts'

/**
 * The last 30 days on an app card: API calls, cost and database size, or a quiet line
 * saying why there are none; never a made-up zero.
 */
export function AppUsageSummary({ state, action }: { state: AppUsageState; action: ReactNode }) {
  return (
    <div className="grid gap-2 rounded-lg bg-muted/50 px-3 py-2.5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-muted-foreground text-xs">Gebruik, laatste {USAGE_DAYS} dagen</p>
        {action}
      </div>
      <UsageBody state={state} />
    </div>
  )
}

function UsageBody({ state }: { state: AppUsageState }) {
  const note = 'flex items-center gap-1.5 text-muted-foreground text-sm'
  switch (state.status) {
    case 'not-on-server':
      return <p className={note}>Gebruik volgt zodra de app op de server staat</p>
    case 'offline':
      return (
        <p className={note}>
          <CloudOff aria-hidden className="size-4 shrink-0" />
          Gebruik niet beschikbaar offline
        </p>
      )
    case 'loading':
      return (
        <output className={note}>
          <LoaderCircle aria-hidden className="size-4 shrink-0 animate-spin" />
          Gebruik ophalen…
        </output>
      )
    case 'failed':
      return <p className="text-destructive text-sm">Gebruik kon niet geladen worden</p>
    case 'ready': {
      const figures = summariseUsage(state.usage)
      if (!figures.hasUsage) return <p className={note}>Nog geen gebruik gemeld</p>
      return (
        <dl className="grid grid-cols-3 gap-2">
          <Figure label={USAGE_FIGURES.apiCalls.label}>
            {USAGE_FIGURES.apiCalls.format(figures.apiCalls)}
          </Figure>
          <Figure label={USAGE_FIGURES.costCents.label}>
            {USAGE_FIGURES.costCents.format(figures.costCents)}
          </Figure>
          <Figure label={USAGE_FIGURES.dbBytes.label}>
            {figures.dbBytes === null ? '—' : USAGE_FIGURES.dbBytes.format(figures.dbBytes)}
          </Figure>
        </dl>
      )
    }
  }
}

function Figure({ label, children }: { label: string; children: string }) {
  return (
    <div className="grid min-w-0 gap-0.5">
      <dt className="text-muted-foreground text-xs">{label}</dt>
      <dd className="break-words font-semibold text-sm tabular-nums">{children}</dd>
    </div>
  )
}
