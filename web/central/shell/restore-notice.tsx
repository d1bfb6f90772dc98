import { DatabaseBackup, X } from 'lucide-react'
import { useState } from 'react'
import { formatSyncAccount } from '#sync/account'
import { getSessionAccount } from '#sync/client/signed-in-account'
import { useSignedInUser } from '../../lib/current-user.tsx'
import { formatDateTime } from '../../lib/format-date.ts'
import { isRestoreNoticeSeen, markRestoreNoticeSeen } from '../../lib/restore-notice-seen.ts'

/**
 * After a restore, every member of the organisation who signs in within a week reads which
 * backup was restored, when and by whom (docs/behaviour.md), above whatever screen they
 * open first, until they close it.
 */
export function RestoreNotice() {
  const user = useSignedInUser()
  const restore = user.lastRestore
  const account = formatSyncAccount(getSessionAccount(user))
  const [isClosed, setIsClosed] = useState(
    () => !restore || isRestoreNoticeSeen(account, restore.restoredAt),
  )
  if (!restore || isClosed) return null
  return (
    <section
      aria-label="Backup teruggezet"
      className="mb-6 flex gap-3 rounded-lg border border-primary/30 bg-primary/8 p-4 text-sm"
    >
      <DatabaseBackup aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
      <div className="grid min-w-0 flex-1 gap-1 break-words">
        <h2 className="font-medium">Backup teruggezet</h2>
        <p className="text-muted-foreground">
          Op {formatDateTime(restore.restoredAt)} heeft {restore.restoredBy} de backup van{' '}
          {formatDateTime(restore.backupCreatedAt)} teruggezet. Wat daarna is veranderd, staat er
          niet meer in; de activiteitenlog noemt het terugzetten.
        </p>
      </div>
      <button
        type="button"
        aria-label="Melding sluiten"
        onClick={() => {
          markRestoreNoticeSeen(account, restore.restoredAt)
          setIsClosed(true)
        }}
        className="-m-1 self-start rounded-md p-2 text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
      >
        <X aria-hidden className="size-4" />
      </button>
    </section>
  )
}
