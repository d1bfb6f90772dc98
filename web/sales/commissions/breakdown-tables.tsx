import type { ReactNode } from 'react'
import type { DateRange } from '#schema/period-presets'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import { seesAllSales } from '#schema/sales-visibility'
import { TitledCard } from '../../components/card.tsx'
import { type Currency, formatCount, formatMoney } from '../../lib/format-money.ts'
import { useSalesUser } from '../data/index.ts'
import { getSalesPermissions } from '../layout/sales-roles.ts'
import { DownloadButton } from './download-button.tsx'
import { getStatementUrl } from './statement-urls.ts'

type BreakdownProps = { dashboard: CommissionDashboard; currency: Currency }

type Row = { key: string; name: string; label?: string | null; sales: number; amounts: number[] }

type BreakdownTableProps = {
  id: string
  title: string
  nameHeader: string
  amountHeaders: [string, string]
  rows: Row[]
  emptyText: string
  currency: Currency
  /** Something to do with a row, under its name (e.g. a download). */
  renderAction?: (row: Row) => ReactNode
}

const cell = 'px-2 py-2.5 tabular-nums first:pl-0 last:pr-0'
const head = 'px-2 pb-2 font-medium text-muted-foreground text-xs first:pl-0 last:pr-0'

/**
 * A breakdown as a table: name, number of sales and two amounts. On phones the count moves
 * under the name, so the amounts keep their room.
 */
function BreakdownTable(props: BreakdownTableProps) {
  const { id, title, nameHeader, amountHeaders, rows, emptyText, currency, renderAction } = props
  return (
    <TitledCard
      titleId={id}
      title={title}
      isCompact
      className="min-w-0"
      contentClassName="overflow-x-auto"
    >
      {rows.length === 0 ? (
        <p className="text-muted-foreground text-sm">{emptyText}</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr>
              <th className={`${head} text-left`}>{nameHeader}</th>
              <th className={`${head} hidden text-right sm:table-cell`}>Verkopen</th>
              {amountHeaders.map((header) => (
                <th key={header} className={`${head} text-right`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y">
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row" className={`${cell} text-left font-medium`}>
                  {row.name}
                  {row.label && (
                    <span className="block font-normal text-muted-foreground text-xs">
                      {row.label}
                    </span>
                  )}
                  <span className="block font-normal text-muted-foreground text-xs sm:hidden">
                    {formatCount(row.sales)} {row.sales === 1 ? 'verkoop' : 'verkopen'}
                  </span>
                  {renderAction && <span className="mt-1.5 block">{renderAction(row)}</span>}
                </th>
                <td className={`${cell} hidden text-right sm:table-cell`}>
                  {formatCount(row.sales)}
                </td>
                {row.amounts.map((amount, index) => (
                  <td key={amountHeaders[index]} className={`${cell} text-right`}>
                    {formatMoney(amount, currency)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </TitledCard>
  )
}

/**
 * Per seller: sales, total commission and what is still open; with statementPeriod, a
 * statement download per seller for whoever may read everyone's (sales.read.all).
 */
export function SellerBreakdown({
  dashboard,
  currency,
  statementPeriod,
}: BreakdownProps & { statementPeriod?: DateRange }) {
  const user = useSalesUser()
  const period = seesAllSales(getSalesPermissions(user)) ? statementPeriod : undefined
  return (
    <BreakdownTable
      id="seller-breakdown-title"
      title="Per verkoper"
      nameHeader="Verkoper"
      amountHeaders={['Commissie', 'Open']}
      emptyText="Geen commissies in deze selectie"
      currency={currency}
      rows={dashboard.sellerBreakdown.map((row) => ({
        key: row.sellerId,
        name: row.name,
        sales: row.sales,
        amounts: [row.totalCommission, row.pending],
      }))}
      renderAction={
        period &&
        ((row) => (
          <DownloadButton
            url={getStatementUrl(row.key, period)}
            fileName="afrekening.pdf"
            label={`Afrekening (PDF) ${row.name}`}
            isCompact
          >
            {/* On phones the amounts keep their room. */}
            <span className="sm:hidden">PDF</span>
            <span className="hidden sm:inline">Afrekening (PDF)</span>
          </DownloadButton>
        ))
      }
    />
  )
}

/** Per project: sales, revenue and commission, with the project's label. */
export function ProjectBreakdown({ dashboard, currency }: BreakdownProps) {
  return (
    <BreakdownTable
      id="project-breakdown-title"
      title="Per project"
      nameHeader="Project"
      amountHeaders={['Omzet', 'Commissie']}
      emptyText="Geen verkopen in deze selectie"
      currency={currency}
      rows={dashboard.projectBreakdown.map((row) => ({
        key: row.projectId,
        name: row.name,
        label: row.label,
        sales: row.sales,
        amounts: [row.totalRevenue, row.totalCommission],
      }))}
    />
  )
}
