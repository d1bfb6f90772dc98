import { Plus } from 'lucide-react'
import { useMemo } from 'react'
import { Link } from 'react-router-dom'
import { buildCommissionDashboard } from '#schema/sales-dashboard'
import { buttonClass } from '../../components/button.tsx'
import { PageHeader } from '../../components/page-header.tsx'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { salesPath, useSalesData, useSalesUser } from '../data/index.ts'
import { DASHBOARD_UPCOMING_LIMIT, DashboardView } from './dashboard-view.tsx'

// The dashboard needs no sales list; totals and counts always cover every sale.
const DASHBOARD_PAGE = { offset: 0, limit: 0, upcomingLimit: DASHBOARD_UPCOMING_LIMIT }

/** {base}/dashboard (spec §2): commission totals and upcoming payments from local data. */
export function DashboardPage() {
  const user = useSalesUser()
  const { isLoading, data, error } = useSalesData()
  const currency = useSalesCurrency()
  const today = useToday()
  const dashboard = useMemo(
    () => buildCommissionDashboard(data, {}, today, DASHBOARD_PAGE),
    [data, today],
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
      {isLoading ? (
        <DataLoading />
      ) : error ? (
        <DataFailed />
      ) : (
        <DashboardView
          dashboard={dashboard}
          currency={currency}
          paths={{
            newSale: salesPath('/sales/new'),
            commissions: salesPath('/commissions'),
            statistics: salesPath('/statistics'),
            sheetsSync: salesPath('/sheets-sync'),
          }}
        />
      )}
    </>
  )
}
