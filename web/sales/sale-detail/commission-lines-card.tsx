import { getOpenAmount } from '#schema/commission-line-status'
import type { CommissionDocument, CommissionPaymentDocument, SellerDocument } from '#schema/sales'
import { TitledCard } from '../../components/card.tsx'
import { type Currency, formatMoney } from '../../lib/format-money.ts'
import { CommissionLineItem, type LineActions } from './commission-line-item.tsx'

type CommissionLinesCardProps = {
  lines: readonly CommissionDocument[]
  payments: readonly CommissionPaymentDocument[]
  sellers: readonly SellerDocument[]
  today: string
  currency: Currency
  /** Absent: read only. */
  actions?: LineActions
  /** The person sees only their own lines (a SELLER). */
  isOwnOnly: boolean
  /** A sale from plans, read by whoever sees all of it: what the team's lines leave. */
  officeShare?: number
}

/** The lines per seller, in the order the sale's split first named them. */
function groupBySeller(lines: readonly CommissionDocument[]) {
  const groups = new Map<string, CommissionDocument[]>()
  for (const line of lines) {
    const group = groups.get(line.sellerId)
    if (group) group.push(line)
    else groups.set(line.sellerId, [line])
  }
  return [...groups]
}

/** The sale's commission lines grouped per seller, each with what is still open. */
export function CommissionLinesCard(props: CommissionLinesCardProps) {
  const { lines, payments, sellers, today, currency, actions, isOwnOnly, officeShare } = props
  const sellerName = (id: string) =>
    sellers.find((seller) => seller.id === id)?.name ?? 'Onbekende verkoper'
  const partsOf = (lineId: string) => payments.filter((part) => part.commissionId === lineId)
  return (
    <TitledCard
      titleId="sale-lines-title"
      title="Commissies"
      description={
        isOwnOnly
          ? 'Jouw commissies op deze verkoop, met de betalingen'
          : 'Per verkoper, met de betalingen'
      }
      isCompact
      className="min-w-0"
      contentClassName="grid gap-6"
    >
      {lines.length === 0 && (
        <p className="text-muted-foreground text-sm">Nog geen commissieregels</p>
      )}
      {groupBySeller(lines).map(([sellerId, group]) => {
        const name = sellerName(sellerId)
        const open = group.reduce((total, line) => total + getOpenAmount(line), 0)
        const titleId = `seller-${sellerId}`
        return (
          <section key={sellerId} aria-labelledby={titleId} className="grid gap-3">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
              <h3 id={titleId} className="font-semibold">
                {name}
              </h3>
              <p className="text-muted-foreground text-sm">
                {open === 0 ? (
                  'Niets open'
                ) : (
                  <>
                    {open < 0 ? 'Nog terug te betalen' : 'Nog te betalen'}{' '}
                    <span className="font-semibold text-foreground tabular-nums">
                      {formatMoney(Math.abs(open), currency)}
                    </span>
                  </>
                )}
              </p>
            </div>
            <ul className="grid gap-3">
              {group.map((line) => (
                <CommissionLineItem
                  key={line.id}
                  line={line}
                  parts={partsOf(line.id)}
                  today={today}
                  currency={currency}
                  actions={actions}
                />
              ))}
            </ul>
          </section>
        )
      })}
      {officeShare !== undefined && (
        <section aria-labelledby="sale-office-title" className="grid gap-1 border-t pt-4">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <h3 id="sale-office-title" className="font-semibold">
              Kantoor
            </h3>
            <p className="font-semibold tabular-nums" data-testid="office-share">
              {formatMoney(officeShare, currency)}
            </p>
          </div>
          <p className="text-muted-foreground text-sm">
            Netto commissie min de regels van het salesteam: wat het team volgens de plannen niet
            krijgt
          </p>
        </section>
      )}
    </TitledCard>
  )
}
