import { Badge } from '../../components/badge.tsx'

/** Actief when the status is active, otherwise Inactief (docs/behaviour.md). */
export function UserStatusBadge({ status }: { status: string }) {
  return status === 'active' ? (
    <Badge variant="success">Actief</Badge>
  ) : (
    <Badge variant="secondary">Inactief</Badge>
  )
}
