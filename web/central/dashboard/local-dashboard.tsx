import { InlineLoading } from '../../components/inline-loading.tsx'
import { ReadFailed } from '../../components/live-list.tsx'
import { DashboardContent, type DashboardData } from './dashboard-content.tsx'
import { useDashboardData } from './use-dashboard-data.ts'

// Its own module, loaded once the local database opens (after the first screen): the local
// queries bring RxDB's query code and rxjs, which the first screen (the server's figures)
// does not need (decision 041).

export /** `whileLoading`: the server's figures shown until the local ones are read (after a first fill). */
function LocalDashboard({ whileLoading }: { whileLoading: DashboardData | null }) {
  const data = useDashboardData()
  if (data.status === 'loading') {
    return whileLoading ? <DashboardContent data={whileLoading} /> : <InlineLoading />
  }
  if (data.status === 'failed') {
    return <ReadFailed title="De lokale gegevens konden niet gelezen worden" />
  }
  return <DashboardContent data={data.data} />
}
