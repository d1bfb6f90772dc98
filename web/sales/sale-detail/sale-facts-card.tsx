import type { ReactNode } from 'react'
import type { ProjectDocument, SaleDocument } from '#schema/sales'
import { TitledCard } from '../../components/card.tsx'
import { formatCalendarDate } from '../../lib/format-calendar-date.ts'
import { type Currency, formatMoney, formatTypedPercentage } from '../../lib/format-money.ts'

type SaleFactsCardProps = {
  sale: SaleDocument
  project: ProjectDocument | undefined
  currency: Currency
}

/** The sale as registered (or last corrected): client, project, dates and the arithmetic's inputs. */
export function SaleFactsCard({ sale, project, currency }: SaleFactsCardProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  const date = (value: string | null) =>
    value ? <time dateTime={value}>{formatCalendarDate(value)}</time> : '—'
  return (
    <TitledCard titleId="sale-facts-title" title="Verkoop" isCompact className="min-w-0 self-start">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <Fact term="Klant" wide>
          <span className="font-medium">{sale.clientName}</span>
          {sale.clientEmail && <span className="block break-all">{sale.clientEmail}</span>}
          {sale.clientPhone && <span className="block">{sale.clientPhone}</span>}
        </Fact>
        <Fact term="Project">
          {project?.name ?? 'Onbekend project'}
          {project?.location && (
            <span className="block text-muted-foreground">{project.location}</span>
          )}
        </Fact>
        <Fact term="Bouwnummer">{sale.propertyNumber}</Fact>
        <Fact term="Verkoopdatum">{date(sale.saleDate)}</Fact>
        <Fact term="Opleverdatum">{date(sale.deliveryDate)}</Fact>
        <Fact term="Verkoopprijs">{money(sale.salePrice)}</Fact>
        <Fact term="Commissie">{formatTypedPercentage(sale.commissionPercentage)}</Fact>
        <Fact term="Korting">{formatTypedPercentage(sale.discountPercentage)}</Fact>
        <Fact term="Kosten">
          {money(sale.totalCosts)}
          {sale.costsDescription && (
            <span className="block break-words text-muted-foreground">{sale.costsDescription}</span>
          )}
        </Fact>
        <div className="col-span-2 flex items-baseline justify-between gap-4 border-t pt-3">
          <dt className="font-semibold">Netto commissie</dt>
          <dd className="font-bold text-base tabular-nums">{money(sale.commissionAmount)}</dd>
        </div>
      </dl>
    </TitledCard>
  )
}

function Fact({ term, wide, children }: { term: string; wide?: boolean; children: ReactNode }) {
  return (
    <div
      className={
        wide ? 'col-span-2 grid content-start gap-0.5' : 'grid min-w-0 content-start gap-0.5'
      }
    >
      <dt className="text-muted-foreground text-xs">{term}</dt>
      <dd className="tabular-nums">{children}</dd>
    </div>
  )
}
