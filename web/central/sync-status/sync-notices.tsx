import { RefreshCw, TriangleAlert } from 'lucide-react'
import { useEffect } from 'react'
import { Button } from '../../components/button.tsx'
import { useCurrentUserState } from '../../lib/current-user.tsx'
import { useLocalDatabase } from '../../lib/local-database.tsx'
import { showToast } from '../../lib/toasts.ts'
import { useSyncStatus } from '../../lib/use-sync-status.ts'
import { describeRefusedChange } from './describe-refused-change.ts'

/**
 * What replication needs the person to know: a destructive toast for every refused write,
 * a banner with a reload action when the server says this app version is outdated (426),
 * and, on a 401, a fresh look at who is signed in (which shows the login when nobody is).
 */
export function SyncNotices() {
  const database = useLocalDatabase()
  const { problem } = useSyncStatus()
  const { refetchUser } = useCurrentUserState()

  useEffect(
    () =>
      database?.status.onRefused((change) =>
        showToast({
          title: 'Wijziging geweigerd',
          description: `${describeRefusedChange(change)}: ${change.reason}`,
          variant: 'destructive',
        }),
      ),
    [database],
  )

  useEffect(() => {
    if (problem === 'signed-out') void refetchUser()
  }, [problem, refetchUser])

  if (problem !== 'outdated') return null
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 bg-destructive px-4 py-2 text-center text-destructive-foreground text-sm"
    >
      <TriangleAlert aria-hidden className="size-4 shrink-0" />
      <span className="font-medium">
        Deze versie van de app is verouderd. Ververs de pagina om bij te werken.
      </span>
      <Button
        size="sm"
        variant="outline"
        onClick={() => window.location.reload()}
        className="h-8 border-destructive-foreground/40 bg-transparent text-destructive-foreground hover:bg-destructive-foreground/10 hover:text-destructive-foreground"
      >
        <RefreshCw aria-hidden />
        Pagina verversen
      </Button>
    </div>
  )
}
