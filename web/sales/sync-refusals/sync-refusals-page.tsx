import { SyncRefusalsView } from '../../components/sync-refusals-view.tsx'
import { useSalesUser } from '../data/sales-session.tsx'
import { hasSalesPermission } from '../layout/sales-roles.ts'

/**
 * {base}/sync-refusals: the sales user's refused changes to projects, sellers, sales and
 * commissions; a sales ADMIN (sales.settings.write, as the server checks) also everyone's.
 */
export function SalesSyncRefusalsPage() {
  const canSeeOrganisation = hasSalesPermission(useSalesUser(), 'sales.settings.write')
  return <SyncRefusalsView area="sales" canSeeOrganisation={canSeeOrganisation} />
}
