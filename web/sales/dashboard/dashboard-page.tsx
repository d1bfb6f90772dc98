import { Plus } from 'lucide-react'
import { Suspense } from 'react'
import { Link } from 'react-router-dom'
import { buttonClass } from '../../components/button.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { salesDashboard } from '../../lib/first-answers.ts'
import { lazyExport } from '../../lib/lazy-export.ts'
import { useServerWhileFilling } from '../../lib/use-server-while-filling.ts'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { salesPath, useSalesUser } from '../data/index.ts'
import { useSalesDatabaseState } from '../data/sales-database.tsx'
import { useDashboardQuestion } from '../data/use-dashboard-question.ts'
import { DASHBOARD_PATHS } from './dashboard-paths.ts'
import { DashboardView } from './dashboard-view.tsx'

// The local figures' code (RxDB's queries, rxjs, the review queue's writes) loads once the
// local database is open, after the first screen drew the server's figures (decision 041).
const LocalDashboard = lazyExport(() => import('./local-dashboard.tsx'), 'LocalDashboard')

/**
 * {base}/dashboard (docs/behaviour.md): commission totals and upcoming payments from local data;
 * from the server (GET …/commissions/dashboard, the same aggregation) while the local
 * database opens or fills for the first time.
 */
export function DashboardPage() {
  const user = useSalesUser()
  const currency = useSalesCurrency()
  const question = useDashboardQuestion()
  const fromServer = useServerWhileFilling(
    salesDashboard.ask,
    useSalesDatabaseState(),
    salesDashboard.arrived,
  )
  return (
    <>
      <PageHeader
        title="Dashboard"
        description={`Welkom terug, ${user.name}`}
        actions={
          <Link to={salesPath('/sales/new')} className={buttonClass('primary')}>
            <Plus aria-hidden />
            Nieuwe verkoop
          </Link>
        }
      />
      {fromServer.whileFilling ? (
        <DashboardView
          dashboard={fromServer.whileFilling}
          currency={currency}
          paths={DASHBOARD_PATHS}
        />
      ) : (
        // While its code loads, the server's figures stay as they were: no flash, no shift.
        <Suspense
          fallback={
            fromServer.last ? (
              <DashboardView
                dashboard={fromServer.last}
                currency={currency}
                paths={DASHBOARD_PATHS}
              />
            ) : (
              <DataLoading />
            )
          }
        >
          <LocalDashboard currency={currency} whileLoading={fromServer.last} question={question} />
        </Suspense>
      )}
    </>
  )
}
