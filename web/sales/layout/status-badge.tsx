import { Badge } from '../../components/badge.tsx'

/** Actief for 'active', otherwise Inactief (projects and sellers). */
export function ActiveStatusBadge({ status }: { status: string }) {
  return status === 'active' ? (
    <Badge variant="success">Actief</Badge>
  ) : (
    <Badge variant="secondary">Inactief</Badge>
  )
}
