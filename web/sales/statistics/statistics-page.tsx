import { useMemo } from 'react'
import { buildDetailedStats } from '#schema/sales-dashboard'
import { PageHeader } from '../../components/page-header.tsx'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { useSalesCurrency } from '../components/use-sales-currency.ts'
import { useToday } from '../components/use-today.ts'
import { useSalesData } from '../data/index.ts'
import { StatisticsView } from './statistics-view.tsx'

/** {base}/statistics (docs/behaviour.md): the detailed statistics of the local data. */
export function StatisticsPage() {
  const { isLoading, data, error } = useSalesData()
  const currency = useSalesCurrency()
  const today = useToday()
  const stats = useMemo(() => buildDetailedStats(data, today), [data, today])
  return (
    <>
      <PageHeader title="Statistieken" description="Omzet, commissies en hun verdeling" />
      {isLoading ? (
        <DataLoading />
      ) : error ? (
        <DataFailed />
      ) : (
        <StatisticsView stats={stats} currency={currency} />
      )}
    </>
  )
}
