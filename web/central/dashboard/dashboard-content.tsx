import { Activity, CircleAlert, LayoutGrid, TrendingUp, UsersRound } from 'lucide-react'
import type { Stats } from '#schema/central'
import { formatDutchNumber } from '#schema/dutch-number'
import type { ActivityDocType } from '#schema/rx/activities'
import { ActivityItem } from '../../components/activity-item.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'
import { formatCount } from '../../lib/format-money.ts'
import { StatCard } from './stat-card.tsx'

/** How many activities the dashboard feed shows. */
export const RECENT_FEED_SIZE = 6

export type DashboardData = { stats: Stats; recent: ActivityDocType[]; now: number }

/**
 * The Groei card (docs/behaviour.md): the users' growth this month, "—" when no user was
 * there before this month began.
 */
function describeGrowth(stats: DashboardData['stats']): { value: string; detail: string } {
  if (stats.userGrowthPercentage === null) {
    return { value: '—', detail: 'Gebruikers: geen vorige maand om mee te vergelijken' }
  }
  return {
    value: `${formatDutchNumber(stats.userGrowthPercentage, { maximumFractionDigits: 1, signDisplay: 'exceptZero' })}%`,
    detail: `Gebruikers deze maand (${formatCount(stats.usersAtMonthStart)} → ${formatCount(stats.totalUsers)})`,
  }
}

/** The four figures and the recent activities, from the server or the local database. */
export function DashboardContent({ data: { stats, recent, now } }: { data: DashboardData }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          title="Totaal Gebruikers"
          value={formatCount(stats.totalUsers)}
          detail={`${formatCount(stats.activeUsers)} actief`}
          Icon={UsersRound}
        />
        <StatCard
          title="Totaal Apps"
          value={formatCount(stats.totalApps)}
          detail={`${formatCount(stats.activeApps)} actief`}
          Icon={LayoutGrid}
        />
        <StatCard
          title="Activiteiten"
          value={formatCount(stats.recentActivities)}
          detail="Recente acties"
          Icon={Activity}
        />
        <StatCard title="Groei" {...describeGrowth(stats)} Icon={TrendingUp} />
      </div>
      <Card aria-labelledby="recent-activities-title">
        <CardHeader className="px-4 sm:px-6">
          <CardTitle id="recent-activities-title">Recente activiteiten</CardTitle>
        </CardHeader>
        <CardContent className="px-4 sm:px-6">
          {recent.length === 0 ? (
            <p className="flex items-center gap-2 py-4 text-muted-foreground text-sm">
              <CircleAlert aria-hidden className="size-4" />
              Geen recente activiteiten
            </p>
          ) : (
            <ul className="divide-y">
              {recent.map((activity) => (
                <ActivityItem key={activity.id} activity={activity} now={now} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
