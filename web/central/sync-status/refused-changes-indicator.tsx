import { RefusedChangesPopover } from '../../components/refused-changes-popover.tsx'
import { describeSyncChange } from '../../lib/describe-sync-change.ts'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { useOpenRefusalCount } from '../../lib/use-open-refusal-count.ts'
import { useSyncStatus } from '../../lib/use-sync-status.ts'

/**
 * The header's list of local changes the server refused (replication), with reasons, and
 * the way to all of them on /sync-refusals, which the server keeps across reloads.
 */
export function RefusedChangesIndicator() {
  const database = useLocalDatabase()
  const { refused } = useSyncStatus()
  const storedCount = useOpenRefusalCount('central', refused.length)
  return (
    <RefusedChangesPopover
      refused={refused}
      describe={describeSyncChange}
      onDismiss={() => database?.status.dismissRefused()}
      viewAllPath="/sync-refusals"
      storedCount={storedCount}
    />
  )
}
