import { RefusedChangesPopover } from '../../components/refused-changes-popover.tsx'
import { describeSyncChange } from '../../lib/describe-sync-change.ts'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { useSyncStatus } from '../../lib/use-sync-status.ts'

/** The header's list of local changes the server refused (replication), with reasons. */
export function RefusedChangesIndicator() {
  const database = useLocalDatabase()
  const { refused } = useSyncStatus()
  return (
    <RefusedChangesPopover
      refused={refused}
      describe={describeSyncChange}
      onDismiss={() => database?.status.dismissRefused()}
    />
  )
}
