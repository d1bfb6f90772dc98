import { Plus } from 'lucide-react'
import { Link } from 'react-router-dom'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import { buttonClass } from '../../components/button.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { salesDashboard } from '../../lib/first-answers.ts'
import { useServerWhileFilling } from '../../lib/use-server-while-filling.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { salesPath, useSalesUser } from '../data/index.ts'
import { useSalesDatabaseState } from '../data/sales-database.tsx'
import { type DashboardQuestion, useDashboardQuestion } from '../data/use-dashboard-question.ts'
import { useLocalSalesFigures } from '../data/use-local-sales-figures.ts'
import { DashboardView } from './dashboard-view.tsx'
import { ImplausibleCommissionCard } from './implausible-commission-card.tsx'
import { ReviewQueueCard } from './review-queue-card.tsx'

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
        <LocalDashboard currency={currency} whileLoading={fromServer.last} question={question} />
      )}
    </>
  )
}

// One object for the page's life, so the memoised view skips a render its figures did not change.
const DASHBOARD_PATHS = {
  newSale: salesPath('/sales/new'),
  commissions: salesPath('/commissions'),
  statistics: salesPath('/statistics'),
  salesImport: salesPath('/sheets-sync'),
}

function LocalDashboard({
  currency,
  whileLoading,
  question,
}: {
  currency: ReturnType<typeof useSalesCurrency>
  /** The server's figures shown until the local ones are read (after a first fill). */
  whileLoading: CommissionDashboard | null
  /** Who reads the "Ter beoordeling" list; a sales ADMIN's plausible commission %. */
  question: DashboardQuestion
}) {
  const { reviewer, plausibleCommission } = question
  const local = useLocalSalesFigures(question)
  if (local.status === 'loading' && whileLoading) {
    return <DashboardView dashboard={whileLoading} currency={currency} paths={DASHBOARD_PATHS} />
  }
  if (local.status === 'loading') return <DataLoading />
  if (local.status === 'failed') return <DataFailed />
  return (
    <div className="grid grid-cols-1 gap-6">
      <ReviewQueueCard
        items={local.data.reviewQueue}
        isApprover={reviewer.isApprover}
        currency={currency}
      />
      {plausibleCommission !== undefined && (
        <ImplausibleCommissionCard
          items={local.data.implausibleCommissions}
          bound={plausibleCommission}
          currency={currency}
        />
      )}
      <DashboardView dashboard={local.data.dashboard} currency={currency} paths={DASHBOARD_PATHS} />
    </div>
  )
}
