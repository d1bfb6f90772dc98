import { Navigate, Outlet } from 'react-router-dom'
import { LoadingScreen } from '../../components/loading-screen.tsx'
import { salesPath } from '../../lib/sales-path.ts'
import { SalesDatabaseProvider } from '../data/sales-database.tsx'
import { useSalesSession } from '../data/sales-session.tsx'
import { SalesSyncNotices } from './sales-sync-notices.tsx'

/**
 * Every sales screen but the login needs a sales session (docs/behaviour.md, Gold Estates:
 * Access): without one it goes to
 * {base}/login. With one, the sales user's local database opens for the screens below.
 */
export function SalesGuard() {
  const session = useSalesSession()
  if (session.status === 'loading') return <LoadingScreen />
  if (session.status === 'signed-out') return <Navigate to={salesPath('/login')} replace />
  return (
    <SalesDatabaseProvider user={session.user}>
      <SalesSyncNotices />
      <Outlet />
    </SalesDatabaseProvider>
  )
}
