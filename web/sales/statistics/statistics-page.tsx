import { PageHeader } from '../../components/page-header.tsx'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { useLocalSalesFigures } from '../data/use-local-sales-figures.ts'
import { TeamVolumeCard } from '../plans/team-volume-card.tsx'
import { StatisticsView } from './statistics-view.tsx'

/** {base}/statistics (docs/behaviour.md): the detailed statistics of the local data. */
export function StatisticsPage() {
  const stats = useLocalSalesFigures({ figures: 'statistics', today: useToday() })
  const currency = useSalesCurrency()
  return (
    <>
      <PageHeader title="Statistieken" description="Omzet, commissies en hun verdeling" />
      {stats.status === 'loading' ? (
        <DataLoading />
      ) : stats.status === 'failed' ? (
        <DataFailed />
      ) : (
        <div className="grid grid-cols-1 gap-6">
          <StatisticsView stats={stats.data} currency={currency} />
          {/* Hidden while nobody is on a commission plan. */}
          <TeamVolumeCard />
        </div>
      )}
    </>
  )
}
