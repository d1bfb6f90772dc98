import { SyncNotices } from '../../components/sync-notices.tsx'
import { useSalesDatabase } from '../data/sales-database.tsx'
import { useSalesSession } from '../data/sales-session.tsx'

/**
 * The sales area's sync notices, the same as Centraal's (components/sync-notices.tsx,
 * the outdated-version banner included) with the sales session.
 */
export function SalesSyncNotices() {
  const database = useSalesDatabase()
  const { refetch } = useSalesSession()
  return (
    <SyncNotices status={database?.status} databaseName={database?.name} refetchSession={refetch} />
  )
}
