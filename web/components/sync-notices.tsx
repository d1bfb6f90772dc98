import { DatabaseBackup, HardDrive, RefreshCw, TriangleAlert } from 'lucide-react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { takeRestoreNotice } from '#sync/client/organisation-epoch'
import type { SyncStatusStore } from '#sync/client/sync-status'
import { COLLECTION_PLURALS, describeSyncChange } from '../lib/describe-sync-change.ts'
import { formatDateTime } from '../lib/format-date.ts'
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
 * (which shows the login when nobody is, or opens the right person's database). After a
 * restore: a banner while the device keeps its unsent changes and reloads, and once the
 * emptied database opened again, a toast saying what was kept.
 */
export function SyncNotices({
  status,
  databaseName,
  refetchSession,
}: {
  status: SyncStatusStore | undefined
  /** The open local database, whose restore notice is shown once. */
  databaseName: string | undefined
  refetchSession: () => Promise<void>
}) {
  const { problem, revoked, isStorageFull } = useStatusOf(status)
  const [isUpdating, setIsUpdating] = useState(false)

  useEffect(() => {
    const notice = databaseName ? takeRestoreNotice(databaseName) : undefined
    if (!notice) return
    const { restoredAt, kept } = notice
    showToast({
      title: 'Er is een back-up teruggezet',
      description:
        kept === 0
          ? `Op ${formatDateTime(restoredAt)} is een back-up teruggezet; de gegevens op dit apparaat zijn vernieuwd.`
          : `Op ${formatDateTime(restoredAt)} is een back-up teruggezet. ${kept === 1 ? '1 wijziging' : `${kept} wijzigingen`} van dit apparaat ${kept === 1 ? 'is' : 'zijn'} niet verwerkt; je vindt ze met je waarden onder Niet verwerkte wijzigingen.`,
      variant: kept === 0 ? 'default' : 'destructive',
    })
  }, [databaseName])

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
      // One toast at a time: this one replaces the refusal of a change pushed just before
      // (the same withdrawal answers push and pull with 403), so it names that change too.
      const refused = status?.get().refused.filter((change) => change.collection === collection)
      const count = refused?.length ?? 0
      const unprocessed =
        count === 0
          ? ''
          : ` ${count === 1 ? '1 wijziging' : `${count} wijzigingen`} van dit apparaat ${count === 1 ? 'is' : 'zijn'} niet verwerkt; je vindt ze met je waarden onder Niet verwerkte wijzigingen.`
      showToast({
        title: 'Geen toegang meer',
        description: `Je hebt geen toegang meer tot ${COLLECTION_PLURALS[collection] ?? collection}; ze zijn van dit apparaat verwijderd.${unprocessed}`,
        variant: 'destructive',
      })
    }
  }, [revoked, status])

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
  if (problem === 'restored') {
    return (
      <Banner icon={<DatabaseBackup aria-hidden className="size-4 shrink-0" />}>
        <span className="font-medium">
          Er is een back-up teruggezet. Wijzigingen van dit apparaat die nog niet verstuurd waren
          worden bewaard en de gegevens worden vernieuwd...
        </span>
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
