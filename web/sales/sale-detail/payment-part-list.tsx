import { Undo2 } from 'lucide-react'
import type { CommissionPaymentDocument } from '#schema/sales'
import { Button } from '../../components/button.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney } from '../../lib/format-money.ts'

type PaymentPartListProps = {
  parts: readonly CommissionPaymentDocument[]
  currency: Currency
  /** Present for those who may pay, on a line whose parts may still be undone. */
  onUndo?: (part: CommissionPaymentDocument) => void
}

const byDate = (a: CommissionPaymentDocument, b: CommissionPaymentDocument) =>
  (a.paidOn < b.paidOn ? -1 : a.paidOn > b.paidOn ? 1 : 0) || a.createdAt - b.createdAt

/** A line's payment parts, oldest first: date, amount, note, and "Ongedaan maken". */
export function PaymentPartList({ parts, currency, onUndo }: PaymentPartListProps) {
  return (
    <div className="grid gap-1.5 border-t pt-2.5">
      <p className="font-medium text-muted-foreground text-xs">Betalingen</p>
      <ul className="grid gap-1.5">
        {[...parts].sort(byDate).map((part) => {
          const amount = formatMoney(part.amount, currency)
          const date = formatCalendarDate(part.paidOn)
          return (
            <li
              key={part.id}
              className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 text-sm"
            >
              <time dateTime={part.paidOn} className="text-muted-foreground tabular-nums">
                {date}
              </time>
              <span className="font-medium tabular-nums">
                {amount}
                {part.seq === 0 && (
                  <span className="ml-2 font-normal text-muted-foreground text-xs">
                    Nog niet verzonden
                  </span>
                )}
              </span>
              {onUndo ? (
                <Button
                  variant="ghost"
                  size="sm"
                  className="-my-1 px-2 sm:px-3"
                  onClick={() => onUndo(part)}
                  aria-label={`Ongedaan maken: betaling van ${amount} op ${date}`}
                >
                  <Undo2 aria-hidden />
                  <span className="hidden sm:inline">Ongedaan maken</span>
                </Button>
              ) : (
                <span />
              )}
              {part.note && (
                <p className="col-span-3 break-words text-muted-foreground text-xs">{part.note}</p>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
