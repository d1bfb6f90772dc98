import type { CommissionDashboard } from '#schema/sales-dashboard'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/card.tsx'
import { type Currency, formatCount, formatMoney } from '../../lib/format-money.ts'

type BreakdownProps = { dashboard: CommissionDashboard; currency: Currency }

const cell = 'px-2 py-2.5 tabular-nums first:pl-0 last:pr-0'
const head = 'px-2 pb-2 font-medium text-muted-foreground text-xs first:pl-0 last:pr-0'
const number = 'text-right'

/** Per seller: sales, total commission and what is still open. */
export function SellerBreakdown({ dashboard, currency }: BreakdownProps) {
  return (
    <Card aria-labelledby="seller-breakdown-title" className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="seller-breakdown-title">Per verkoper</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto px-4 sm:px-6">
        {dashboard.sellerBreakdown.length === 0 ? (
          <p className="text-muted-foreground text-sm">Geen commissies in deze selectie</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={`${head} text-left`}>Verkoper</th>
                <th className={`${head} ${number}`}>Verkopen</th>
                <th className={`${head} ${number}`}>Commissie</th>
                <th className={`${head} ${number}`}>Open</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {dashboard.sellerBreakdown.map((row) => (
                <tr key={row.sellerId}>
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {row.name}
                  </th>
                  <td className={`${cell} ${number}`}>{formatCount(row.sales)}</td>
                  <td className={`${cell} ${number}`}>
                    {formatMoney(row.totalCommission, currency)}
                  </td>
                  <td className={`${cell} ${number}`}>{formatMoney(row.pending, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}

/** Per project: sales, revenue and commission, with the project's label. */
export function ProjectBreakdown({ dashboard, currency }: BreakdownProps) {
  return (
    <Card aria-labelledby="project-breakdown-title" className="min-w-0">
      <CardHeader className="px-4 sm:px-6">
        <CardTitle id="project-breakdown-title">Per project</CardTitle>
      </CardHeader>
      <CardContent className="overflow-x-auto px-4 sm:px-6">
        {dashboard.projectBreakdown.length === 0 ? (
          <p className="text-muted-foreground text-sm">Geen verkopen in deze selectie</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr>
                <th className={`${head} text-left`}>Project</th>
                <th className={`${head} ${number}`}>Verkopen</th>
                <th className={`${head} ${number}`}>Omzet</th>
                <th className={`${head} ${number}`}>Commissie</th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {dashboard.projectBreakdown.map((row) => (
                <tr key={row.projectId}>
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {row.name}
                    {row.label && (
                      <span className="block font-normal text-muted-foreground text-xs">
                        {row.label}
                      </span>
                    )}
                  </th>
                  <td className={`${cell} ${number}`}>{formatCount(row.sales)}</td>
                  <td className={`${cell} ${number}`}>{formatMoney(row.totalRevenue, currency)}</td>
                  <td className={`${cell} ${number}`}>
                    {formatMoney(row.totalCommission, currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  )
}
