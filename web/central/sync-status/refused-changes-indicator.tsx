import { RefusedChangesPopover } from '../../components/refused-changes-popover.tsx'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { useSyncStatus } from '../../lib/use-sync-status.ts'
import { describeRefusedChange } from './describe-refused-change.ts'

/** The header's list of local changes the server refused (replication), with reasons. */
export function RefusedChangesIndicator() {
  const database = useLocalDatabase()
  const { refused } = useSyncStatus()
  return (
    <RefusedChangesPopover
      refused={refused}
      describe={describeRefusedChange}
      onDismiss={() => database?.status.dismissRefused()}
    />
  )
}
