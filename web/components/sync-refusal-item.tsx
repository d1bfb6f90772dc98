import { Check, Copy } from 'lucide-react'
import { useState } from 'react'
import type { SyncRefusal } from '#schema/sync-refusals'
import { describeRefusedValues } from '../lib/describe-refused-values.ts'
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
  onDismiss: (refusal: SyncRefusal) => Promise<void>
}

/**
 * One refused write: what it was, what was done, why it was refused, when, and the values
 * the person wrote (to copy, so nothing they typed is lost). A refusal kept on this device
 * only (it never reached the server) says so.
 */
export function SyncRefusalItem({ refusal, now, showsPerson, onDismiss }: SyncRefusalItemProps) {
  const [isDismissing, setIsDismissing] = useState(false)
  const what = COLLECTION_LABELS[refusal.collection] ?? refusal.collection
  const operation = OPERATION_LABELS[refusal.operation]
  const values = refusal.operation === 'delete' ? [] : describeRefusedValues(refusal.values)
  const copy = async () => {
    const text = values.map(({ label, text }) => `${label}: ${text}`).join('\n')
    try {
      await navigator.clipboard.writeText(text)
      showToast({ title: 'Gekopieerd', description: `${what} ${refusal.label}` })
    } catch {
      showToast({
        title: 'Kopiëren lukte niet',
        description: 'Selecteer de waarden en kopieer ze zelf.',
        variant: 'destructive',
      })
    }
  }
  const dismiss = async () => {
    setIsDismissing(true)
    try {
      await onDismiss(refusal)
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
      {/* On a phone the button goes below: beside it the values had half the width. */}
      <div className="grid min-w-0 flex-1 basis-full gap-1.5 sm:basis-0">
        <div className="flex min-w-0 flex-wrap items-center gap-2">
          <Badge variant="secondary">{what}</Badge>
          {refusal.isOnDevice && <Badge variant="outline">Op dit apparaat</Badge>}
          <p className="min-w-0 break-words font-medium">{refusal.label}</p>
        </div>
        <p className="break-words text-destructive text-sm">{refusal.reason}</p>
        {values.length > 0 && (
          <details className="text-sm">
            <summary className="cursor-pointer text-muted-foreground">Jouw waarden</summary>
            <dl
              aria-label={`Jouw waarden: ${what} ${refusal.label}`}
              className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 select-text"
            >
              {values.map(({ field, label, text }) => (
                <div key={field} className="contents">
                  <dt className="text-muted-foreground">{label}</dt>
                  <dd className="min-w-0 break-words">{text}</dd>
                </div>
              ))}
            </dl>
            <Button variant="ghost" size="sm" onClick={copy} className="mt-1 -ml-2">
              <Copy aria-hidden />
              Kopiëren
            </Button>
          </details>
        )}
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
