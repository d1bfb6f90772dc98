import type { ActivityDocument } from '#schema/central'
import { cn } from '../lib/class-names.ts'
import { formatMoment } from '../lib/format-date.ts'

const TYPE_BADGES: Record<ActivityDocument['type'], { label: string; className: string }> = {
  user: { label: 'Gebruiker', className: 'bg-sky-600/15 text-sky-700 dark:text-sky-300' },
  app: { label: 'App', className: 'bg-violet-600/15 text-violet-700 dark:text-violet-300' },
  settings: {
    label: 'Instellingen',
    className: 'bg-amber-500/20 text-amber-800 dark:text-amber-300',
  },
  sale: { label: 'Verkoop', className: 'bg-emerald-600/15 text-emerald-700 dark:text-emerald-300' },
}

/** The badge of an activity's type (docs/behaviour.md: user, app, settings and sale each their own colour). */
export function ActivityTypeBadge({ type }: { type: ActivityDocument['type'] }) {
  const badge = TYPE_BADGES[type] ?? TYPE_BADGES.settings
  return (
    <span
      data-type={type}
      className={cn(
        'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 font-medium text-xs',
        badge.className,
      )}
    >
      {badge.label}
    </span>
  )
}

type ActivityItemProps = {
  activity: Pick<ActivityDocument, 'type' | 'user' | 'action' | 'target' | 'timestamp'>
  now: number
}

/** One line of an activity feed: what happened to what, then its type, who, and when. */
export function ActivityItem({ activity, now }: ActivityItemProps) {
  return (
    <li className="grid gap-1.5 py-3">
      <p className="break-words text-sm">
        <span className="font-medium">{activity.action}</span>
        {activity.target && <span className="text-muted-foreground">: {activity.target}</span>}
      </p>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-xs">
        <ActivityTypeBadge type={activity.type} />
        <span>{activity.user}</span>
        <span aria-hidden>·</span>
        <time dateTime={new Date(activity.timestamp).toISOString()}>
          {formatMoment(activity.timestamp, now)}
        </time>
      </p>
    </li>
  )
}
