import { HardDrive, RefreshCw, TriangleAlert } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import type { SyncStatusStore } from '#sync/client/sync-status'
import { COLLECTION_PLURALS, describeSyncChange } from '../lib/describe-sync-change.ts'
import { showToast } from '../lib/toasts.ts'
import { updateToNewestVersion } from '../lib/update-app.ts'
import { useStatusOf } from '../lib/use-sync-status.ts'
import { Button } from './button.tsx'

/**
 * What replication needs the person to know, the same in both areas: a destructive toast
 * for every refused write and for a collection whose rights were withdrawn (its copies
 * leave the device); a banner when the server says this app version is outdated (426),
 * whose button brings the new version in; a banner when the browser's storage is full;
 * and, on a 401 or a session that is someone else's, a fresh look at who is signed in
 * (which shows the login when nobody is, or opens the right person's database).
 */
export function SyncNotices({
  status,
  refetchSession,
}: {
  status: SyncStatusStore | undefined
  refetchSession: () => Promise<void>
}) {
  const { problem, revoked, isStorageFull } = useStatusOf(status)
  const [isUpdating, setIsUpdating] = useState(false)

  useEffect(
    () =>
      status?.onRefused((change) =>
        showToast({
          title: 'Wijziging geweigerd',
          description: `${describeSyncChange(change)}: ${change.reason}`,
          variant: 'destructive',
        }),
      ),
    [status],
  )

  const announced = useRef(new Set<string>())
  useEffect(() => {
    for (const collection of revoked) {
      if (announced.current.has(collection)) continue
      announced.current.add(collection)
      showToast({
        title: 'Geen toegang meer',
        description: `Je hebt geen toegang meer tot ${COLLECTION_PLURALS[collection] ?? collection}; ze zijn van dit apparaat verwijderd.`,
        variant: 'destructive',
      })
    }
  }, [revoked])

  useEffect(() => {
    if (problem === 'signed-out' || problem === 'other-account') void refetchSession()
  }, [problem, refetchSession])

  if (problem === 'outdated') {
    return (
      <Banner icon={<TriangleAlert aria-hidden className="size-4 shrink-0" />}>
        <span className="font-medium">
          Deze versie van de app is verouderd. Ververs de pagina om bij te werken.
        </span>
        <Button
          size="sm"
          variant="outline"
          disabled={isUpdating}
          onClick={() => {
            setIsUpdating(true)
            void updateToNewestVersion()
          }}
          className="h-8 border-destructive-foreground/40 bg-transparent text-destructive-foreground hover:bg-destructive-foreground/10 hover:text-destructive-foreground"
        >
          <RefreshCw aria-hidden className={isUpdating ? 'animate-spin' : undefined} />
          {isUpdating ? 'Bijwerken...' : 'Pagina verversen'}
        </Button>
      </Banner>
    )
  }
  if (isStorageFull) {
    return (
      <Banner icon={<HardDrive aria-hidden className="size-4 shrink-0" />}>
        <span className="font-medium">
          De opslag van deze browser is vol: nieuwe gegevens worden niet bewaard. Maak ruimte vrij
          (andere sites, downloads) en ververs de pagina.
        </span>
      </Banner>
    )
  }
  return null
}

function Banner({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-2 bg-destructive px-4 py-2 text-center text-destructive-foreground text-sm"
    >
      {icon}
      {children}
    </div>
  )
}
