import type { CommissionDashboard } from '#schema/sales-dashboard'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import type { useSalesCurrency } from '../components/use-sales-currency.ts'
import type { DashboardQuestion } from '../data/use-dashboard-question.ts'
import { useLocalSalesFigures } from '../data/use-local-sales-figures.ts'
import { DASHBOARD_PATHS } from './dashboard-paths.ts'
import { DashboardView } from './dashboard-view.tsx'
import { ImplausibleCommissionCard } from './implausible-commission-card.tsx'
import { ReviewQueueCard } from './review-queue-card.tsx'

// Its own module, loaded once the local database opens (after the first screen): the local
// figures bring RxDB's query code and rxjs, and the review queue its writes, none of which
// the first screen (the server's figures) needs (decision 041).

/** The dashboard from the local database: the review queue, implausible commissions, the figures. */
export function LocalDashboard({
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
