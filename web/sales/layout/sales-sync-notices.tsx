import { useEffect } from 'react'
import { showToast } from '../../lib/toasts.ts'
import { useSalesDatabase } from '../data/sales-database.tsx'
import { useSalesSession } from '../data/sales-session.tsx'
import { useSalesSyncStatus } from '../data/use-refused-sales-writes.ts'
import { describeRefusedSalesChange } from './describe-refused-sales-change.ts'

/**
 * What the sales replication needs the person to know: a destructive toast for every
 * refused write, and on a 401 a fresh look at the sales session (which shows the sales
 * login when it ended).
 */
export function SalesSyncNotices() {
  const database = useSalesDatabase()
  const { problem } = useSalesSyncStatus()
  const { refetch } = useSalesSession()

  useEffect(
    () =>
      database?.status.onRefused((change) =>
        showToast({
          title: 'Wijziging geweigerd',
          description: `${describeRefusedSalesChange(change)}: ${change.reason}`,
          variant: 'destructive',
        }),
      ),
    [database],
  )

  useEffect(() => {
    if (problem === 'signed-out') void refetch()
  }, [problem, refetch])

  return null
}
