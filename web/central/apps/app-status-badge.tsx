import { Badge } from '../../components/badge.tsx'

/** docs/behaviour.md: active Actief, syncing Synchroniseert, error Error, anything else Inactief. */
export function AppStatusBadge({ status }: { status: string }) {
  if (status === 'active') return <Badge variant="success">Actief</Badge>
  if (status === 'syncing')
    return (
      <Badge className="border-transparent bg-sky-600/15 text-sky-700 dark:text-sky-300">
        Synchroniseert
      </Badge>
    )
  if (status === 'error') return <Badge variant="destructive">Error</Badge>
  return <Badge variant="secondary">Inactief</Badge>
}
