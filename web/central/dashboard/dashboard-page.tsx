import { Activity, CircleAlert, LayoutGrid, TrendingUp, UsersRound } from 'lucide-react'
import { ActivityItem } from '../../components/activity-item.tsx'
import { Alert } from '../../components/alert.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { centralDashboard } from '../../lib/first-answers.ts'
import { useLocalDatabaseState } from '../../lib/local-database.tsx'
import { useServerWhileFilling } from '../../lib/use-server-while-filling.ts'
import { StatCard } from './stat-card.tsx'
import { type DashboardData, RECENT_FEED_SIZE, useDashboardData } from './use-dashboard-data.ts'

const count = new Intl.NumberFormat('nl-NL')
const growth = new Intl.NumberFormat('nl-NL', {
  maximumFractionDigits: 1,
  signDisplay: 'exceptZero',
})

/**
 * The Groei card (docs/behaviour.md): the users' growth this month, "—" when no user was
 * there before this month began.
 */
function describeGrowth(stats: DashboardData['stats']): { value: string; detail: string } {
  if (stats.userGrowthPercentage === null) {
    return { value: '—', detail: 'Gebruikers: geen vorige maand om mee te vergelijken' }
  }
  return {
    value: `${growth.format(stats.userGrowthPercentage)}%`,
    detail: `Gebruikers deze maand (${count.format(stats.usersAtMonthStart)} → ${count.format(stats.totalUsers)})`,
  }
}

/**
 * / while signed in (docs/behaviour.md): four figures and the recent activities, from local data;
 * from the server while the local database opens or fills for the first time.
 */
export function DashboardPage() {
  const user = useSignedInUser()
  const fromServer = useServerWhileFilling(
    loadServerDashboard,
    useLocalDatabaseState(),
    arrivedServerDashboard,
  )
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welkom terug, ${user.name}. Centraal is een gecentraliseerd beheersysteem voor je organisatie.`}
      />
      {fromServer.whileFilling ? (
        <DashboardContent data={fromServer.whileFilling} />
      ) : (
        <LocalDashboard whileLoading={fromServer.last} />
      )}
    </>
  )
}

/** The same figures and feed as the local database gives them (GET /api/stats, /api/activities). */
async function loadServerDashboard(): Promise<DashboardData> {
  return toDashboardData(await centralDashboard.ask())
}

/** The server's figures asked before the first render, if they are there already. */
function arrivedServerDashboard(): DashboardData | undefined {
  const answer = centralDashboard.arrived()
  return answer && toDashboardData(answer)
}

function toDashboardData([stats, activities]: Awaited<
  ReturnType<typeof centralDashboard.ask>
>): DashboardData {
  return { stats, recent: activities.slice(0, RECENT_FEED_SIZE), now: Date.now() }
}

/** `whileLoading`: the server's figures shown until the local ones are read (after a first fill). */
function LocalDashboard({ whileLoading }: { whileLoading: DashboardData | null }) {
  const data = useDashboardData()
  if (data.status === 'loading') {
    return whileLoading ? <DashboardContent data={whileLoading} /> : <InlineLoading />
  }
  if (data.status === 'failed') {
    return (
      <Alert variant="destructive" title="De lokale gegevens konden niet gelezen worden">
        Ververs de pagina om het opnieuw te proberen.
      </Alert>
    )
  }
  return <DashboardContent data={data.data} />
}

function DashboardContent({ data: { stats, recent, now } }: { data: DashboardData }) {
  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4">
        <StatCard
          title="Totaal Gebruikers"
          value={count.format(stats.totalUsers)}
          detail={`${count.format(stats.activeUsers)} actief`}
          Icon={UsersRound}
        />
        <StatCard
          title="Totaal Apps"
          value={count.format(stats.totalApps)}
          detail={`${count.format(stats.activeApps)} actief`}
          Icon={LayoutGrid}
        />
        <StatCard
          title="Activiteiten"
          value={count.format(stats.recentActivities)}
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
