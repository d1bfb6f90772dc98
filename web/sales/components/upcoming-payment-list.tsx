import { CalendarClock } from 'lucide-react'
import type { UpcomingPayment } from '#schema/sales-dashboard'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney } from '../../lib/format-money.ts'
import { describeDaysUntil } from './days-until.ts'

type UpcomingPaymentListProps = { payments: readonly UpcomingPayment[]; currency: Currency }

/** Upcoming commission payments: who, for which sale, how much and when. */
export function UpcomingPaymentList({ payments, currency }: UpcomingPaymentListProps) {
  if (payments.length === 0) {
    return (
      <p className="flex items-center gap-2 py-4 text-muted-foreground text-sm">
        <CalendarClock aria-hidden className="size-4" />
        Geen aankomende betalingen
      </p>
    )
  }
  return (
    <ul className="divide-y">
      {payments.map((payment) => (
        <li
          key={payment.commissionId}
          className="grid grid-cols-[minmax(0,1fr)_auto] items-baseline gap-x-4 gap-y-0.5 py-3"
        >
          <p className="break-words font-medium">{payment.projectName}</p>
          <p className="text-right font-semibold tabular-nums">
            {formatMoney(payment.amount, currency)}
          </p>
          <p className="break-words text-muted-foreground text-sm">
            {payment.sellerName} · {payment.clientName}
          </p>
          <p className="text-right text-muted-foreground text-xs">
            {describeDaysUntil(payment.daysUntilPayment)}
            <span className="hidden sm:inline">
              {' · '}
              <time dateTime={payment.expectedPaymentDate}>
                {formatCalendarDate(payment.expectedPaymentDate)}
              </time>
            </span>
          </p>
        </li>
      ))}
    </ul>
  )
}
