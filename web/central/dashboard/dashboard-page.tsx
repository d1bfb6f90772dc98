import { Suspense } from 'react'
import { InlineLoading } from '../../components/inline-loading.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { centralDashboard } from '../../lib/first-answers.ts'
import { lazyExport } from '../../lib/lazy-export.ts'
import { useLocalDatabaseState } from '../../lib/local-database.tsx'
import { useServerWhileFilling } from '../../lib/use-server-while-filling.ts'
import { DashboardContent, type DashboardData, RECENT_FEED_SIZE } from './dashboard-content.tsx'

// The local figures' code (RxDB's queries, rxjs) loads once the local database is open,
// after the first screen drew the server's figures (decision 041).
const LocalDashboard = lazyExport(() => import('./local-dashboard.tsx'), 'LocalDashboard')

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
        // While its code loads, the server's figures stay as they were: no flash, no shift.
        <Suspense
          fallback={
            fromServer.last ? <DashboardContent data={fromServer.last} /> : <InlineLoading />
          }
        >
          <LocalDashboard whileLoading={fromServer.last} />
        </Suspense>
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
