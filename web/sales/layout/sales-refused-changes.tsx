import { RefusedChangesPopover } from '../../components/refused-changes-popover.tsx'
import { describeSyncChange } from '../../lib/describe-sync-change.ts'
import { salesPath } from '../../lib/sales-path.ts'
import { useOpenRefusalCount } from '../../lib/use-open-refusal-count.ts'
import { useRefusedSalesWrites } from '../data/use-refused-sales-writes.ts'

/**
 * The sales header's list of local changes the server refused, with the way to all of them.
 * Its own component: it follows every change of the sync status, and the rest of the header
 * need not render again with it.
 */
export function SalesRefusedChanges() {
  const { refused, dismiss } = useRefusedSalesWrites()
  const storedCount = useOpenRefusalCount('sales', refused.length)
  return (
    <RefusedChangesPopover
      refused={refused}
      describe={describeSyncChange}
      onDismiss={dismiss}
      viewAllPath={salesPath('/sync-refusals')}
      storedCount={storedCount}
    />
  )
}
