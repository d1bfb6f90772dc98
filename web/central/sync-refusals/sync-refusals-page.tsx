import { SyncRefusalsView } from '../../components/sync-refusals-view.tsx'
import { useHasPermission } from '../../lib/use-permission.ts'

/**
 * /sync-refusals: the person's refused changes to users and apps; an administrator
 * (users.write, as the server checks) can also see everyone's.
 */
export function SyncRefusalsPage() {
  const canSeeOrganisation = useHasPermission('users.write')
  return <SyncRefusalsView area="central" canSeeOrganisation={canSeeOrganisation} />
}
