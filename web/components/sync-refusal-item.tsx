import { Check } from 'lucide-react'
import { useState } from 'react'
import type { SyncRefusal } from '#schema/sync-refusals'
import { COLLECTION_LABELS, OPERATION_LABELS } from '../lib/describe-sync-change.ts'
import { formatDateTime, formatMoment } from '../lib/format-date.ts'
import { describeError } from '../lib/server-message.ts'
import { showToast } from '../lib/toasts.ts'
import { Badge } from './badge.tsx'
import { Button } from './button.tsx'

type SyncRefusalItemProps = {
  refusal: SyncRefusal
  now: number
  /** Names the person who made the change (the whole organisation's list). */
  showsPerson: boolean
  onDismiss: (id: string) => Promise<void>
}

/** One refused write: what it was, what was done, why the server refused it, and when. */
export function SyncRefusalItem({ refusal, now, showsPerson, onDismiss }: SyncRefusalItemProps) {
  const [isDismissing, setIsDismissing] = useState(false)
  const what = COLLECTION_LABELS[refusal.collection] ?? refusal.collection
  const operation = OPERATION_LABELS[refusal.operation]
  const dismiss = async () => {
    setIsDismissing(true)
    try {
      await onDismiss(refusal.id)
    } catch (error) {
      setIsDismissing(false)
      showToast({
        title: 'Fout',
        description: describeError(error, 'Er is iets misgegaan. Probeer het opnieuw.'),
        variant: 'destructive',
      })
    }
  }
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-3 py-4 sm:flex-nowrap">
      <div className="grid min-w-0 flex-1 gap-1.5">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge variant="secondary">{what}</Badge>
          <p className="min-w-0 break-words font-medium">{refusal.label}</p>
        </div>
        <p className="break-words text-destructive text-sm">{refusal.reason}</p>
        <p className="text-muted-foreground text-xs">
          {`${what} ${operation} · `}
          <time dateTime={new Date(refusal.createdAt).toISOString()}>
            <span title={formatDateTime(refusal.createdAt)}>
              {formatMoment(refusal.createdAt, now)}
            </span>
          </time>
          {showsPerson && ` · door ${refusal.userName ?? 'onbekend'}`}
        </p>
      </div>
      <Button
        variant="outline"
        size="sm"
        onClick={dismiss}
        disabled={isDismissing}
        aria-label={`Gelezen: ${what} ${refusal.label}`}
        className="ml-auto"
      >
        <Check aria-hidden />
        Gelezen
      </Button>
    </li>
  )
}
