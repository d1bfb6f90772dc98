import { Badge } from '../../components/badge.tsx'

/** Actief when the status is active, otherwise Inactief (spec §2, §4). */
export function UserStatusBadge({ status }: { status: string }) {
  return status === 'active' ? (
    <Badge variant="success">Actief</Badge>
  ) : (
    <Badge variant="secondary">Inactief</Badge>
  )
}
