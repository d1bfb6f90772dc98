import type { SellerDocument } from '#schema/sales'
import { type Currency, formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'
import { type calculateForm, EXTRA_LINES, readPercentage, type SaleForm } from './sale-form.ts'

type CommissionSummaryProps = {
  form: SaleForm
  result: ReturnType<typeof calculateForm>
  sellers: readonly SellerDocument[]
  currency: Currency
  showSplits?: boolean
}

/** The live arithmetic (docs/behaviour.md, The sale wizard): gross, discount, costs, net, and each split. */
export function CommissionSummary(props: CommissionSummaryProps) {
  const { form, result, sellers, currency, showSplits = false } = props
  const money = (cents: number) => formatMoney(cents, currency)
  const sellerName = (id: string) => sellers.find((seller) => seller.id === id)?.name
  const discount = readPercentage(form.discountPercentage) ?? 0
  return (
    <section
      aria-label="Berekening"
      className="grid gap-3 rounded-lg border bg-muted/40 p-4 text-sm"
    >
      <h3 className="font-semibold">Berekening</h3>
      <dl className="grid gap-1.5">
        <Row
          term={`Bruto commissie (${formatTypedPercentage(readPercentage(form.commissionPercentage) ?? 0)})`}
          value={money(result.grossCents)}
        />
        <Row
          term={`Korting (${formatTypedPercentage(discount)})`}
          value={`− ${money(result.discountCents)}`}
        />
        <Row term="Kosten" value={`− ${money(result.costsCents)}`} />
        <div className="my-1 border-t" />
        <Row term="Netto commissie" value={money(result.netCents)} strong />
      </dl>
      {showSplits && (
        <dl className="grid gap-1.5 border-t pt-3">
          {form.teamLines.map((line, index) => (
            <Row
              key={line.key}
              term={`${sellerName(line.sellerId) ?? `Verkoper ${index + 1}`} (${formatTypedPercentage(readPercentage(line.percentage) ?? 0)})`}
              value={money(result.teamAmountsCents[index] ?? 0)}
            />
          ))}
          {EXTRA_LINES.map(({ commissionType, label }) => {
            const line = form.extraLines[commissionType]
            if (!line.sellerId && !readPercentage(line.percentage)) return null
            return (
              <Row
                key={commissionType}
                term={`${label}${line.sellerId ? `: ${sellerName(line.sellerId)}` : ''} (${formatTypedPercentage(readPercentage(line.percentage) ?? 0)})`}
                value={money(result.extraAmountsCents[commissionType])}
              />
            )
          })}
        </dl>
      )}
    </section>
  )
}

function Row({ term, value, strong }: { term: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-4">
      <dt className={strong ? 'font-semibold' : 'text-muted-foreground'}>{term}</dt>
      <dd className={`shrink-0 text-right tabular-nums ${strong ? 'font-bold text-base' : ''}`}>
        {value}
      </dd>
    </div>
  )
}
