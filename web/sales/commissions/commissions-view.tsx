import { CalendarClock, ListX } from 'lucide-react'
import { useEffect, useState } from 'react'
import { DEFAULT_PERIOD_PRESET } from '#schema/period-presets'
import type { SalesData } from '#schema/sales-dashboard'
import { UPCOMING_WINDOW_DAYS } from '#schema/sales-dashboard'
import { Button } from '../../components/button.tsx'
import { Card, CardContent } from '../../components/card.tsx'
import { cn } from '../../lib/class-names.ts'
import { type Currency, formatCount } from '../../lib/format-money.ts'
import { DataFailed } from '../components/data-failed.tsx'
import { DataLoading } from '../components/data-loading.tsx'
import { ListCardHeader } from '../components/list-card-header.tsx'
import { UpcomingPaymentList } from '../components/upcoming-payment-list.tsx'
import { TeamVolumeCard } from '../plans/team-volume-card.tsx'
import { ProjectBreakdown, SellerBreakdown } from './breakdown-tables.tsx'
import { CommissionDownloads } from './commission-downloads.tsx'
import { ALL, CommissionFilters, type CommissionFilterValues } from './commission-filters.tsx'
import { CommissionTiles } from './commission-tiles.tsx'
import { Pager } from './pager.tsx'
import { type CommissionLine, SaleCard } from './sale-card.tsx'
import { type CommissionView, useCommissionDashboard } from './use-commission-dashboard.ts'

/** Sales per page: a page renders at once even with 20,000 sales in the filter. */
export const SALES_PAGE_SIZE = 25
const UPCOMING_STEP = 10

type CommissionsViewProps = {
  /** The projects and sellers to filter on (no sales: the worker builds the figures). */
  catalog: Pick<SalesData, 'projects' | 'sellers'>
  today: string
  currency: Currency
  onSetStatus?: (saleId: string, line: CommissionLine, status: 'paid' | 'pending') => void
}

const INITIAL_FILTERS: CommissionFilterValues = {
  period: DEFAULT_PERIOD_PRESET,
  sellerId: ALL,
  projectId: ALL,
  projectLabel: ALL,
}

/** The commission dashboard over local data (docs/behaviour.md, Commissions). */
export function CommissionsView({ catalog, today, currency, onSetStatus }: CommissionsViewProps) {
  const [view, setView] = useState<CommissionView>({
    filters: INITIAL_FILTERS,
    page: 0,
    pageSize: SALES_PAGE_SIZE,
    upcomingShown: UPCOMING_STEP,
  })
  const { dashboard, shownPage, range, isStale, error } = useCommissionDashboard(view, today)
  const total = dashboard?.salesListTotal ?? 0
  const lastPage = Math.max(0, Math.ceil(total / SALES_PAGE_SIZE) - 1)
  // The list can shrink under the shown page (a live change): go to its new last page.
  useEffect(() => {
    if (dashboard && view.page > lastPage) {
      setView((current) => ({ ...current, page: lastPage }))
    }
  }, [dashboard, view.page, lastPage])

  if (error !== undefined && !dashboard) return <DataFailed />
  if (!dashboard) return <DataLoading />

  const changeFilters = (filters: CommissionFilterValues) =>
    setView((current) => ({ ...current, filters, page: 0, upcomingShown: UPCOMING_STEP }))

  return (
    <div className={cn('grid grid-cols-1 gap-6 transition-opacity', isStale && 'opacity-70')}>
      <CommissionFilters
        values={view.filters}
        range={range}
        sellers={catalog.sellers}
        projects={catalog.projects}
        onChange={changeFilters}
      />
      <CommissionDownloads filters={view.filters} today={today} currency={currency} />
      <CommissionTiles dashboard={dashboard} currency={currency} />
      <TeamVolumeCard />

      <div className="grid grid-cols-1 gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card aria-labelledby="sales-list-title" className="min-w-0">
          <ListCardHeader
            id="sales-list-title"
            title="Verkopen"
            description="Met hun commissies en betaalstatus"
            count={formatCount(dashboard.salesListTotal)}
          />
          <CardContent className="px-4 sm:px-6">
            {dashboard.salesListTotal === 0 ? (
              <p className="flex items-center gap-2 py-6 text-muted-foreground text-sm">
                <ListX aria-hidden className="size-4 shrink-0" />
                Geen verkopen gevonden voor de geselecteerde filters
              </p>
            ) : (
              <>
                <ul className="divide-y">
                  {dashboard.salesList.map((sale) => (
                    <SaleCard
                      key={sale.id}
                      sale={sale}
                      currency={currency}
                      onSetStatus={
                        onSetStatus && ((line, status) => onSetStatus(sale.id, line, status))
                      }
                    />
                  ))}
                </ul>
                <Pager
                  page={shownPage}
                  pageSize={SALES_PAGE_SIZE}
                  total={dashboard.salesListTotal}
                  onPage={(next) => {
                    setView((current) => ({ ...current, page: next }))
                    document
                      .getElementById('sales-list-title')
                      ?.scrollIntoView({ block: 'start', behavior: 'smooth' })
                  }}
                />
              </>
            )}
          </CardContent>
        </Card>

        <Card aria-labelledby="expected-title" className="min-w-0 self-start">
          <ListCardHeader
            id="expected-title"
            title={`Verwachte Betalingen (${UPCOMING_WINDOW_DAYS} dagen)`}
            description="Openstaande commissies, eerstvolgende eerst"
            count={
              <>
                <CalendarClock aria-hidden className="size-3" />
                {formatCount(dashboard.upcomingPaymentsTotal)}
              </>
            }
          />
          <CardContent className="px-4 sm:px-6">
            <UpcomingPaymentList payments={dashboard.upcomingPayments} currency={currency} />
            {dashboard.upcomingPaymentsTotal > dashboard.upcomingPayments.length && (
              <Button
                variant="outline"
                className="mt-3 w-full"
                onClick={() =>
                  setView((current) => ({
                    ...current,
                    upcomingShown: current.upcomingShown + UPCOMING_STEP * 2,
                  }))
                }
              >
                Toon meer
              </Button>
            )}
          </CardContent>
        </Card>
      </div>

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <SellerBreakdown dashboard={dashboard} currency={currency} statementPeriod={range} />
        <ProjectBreakdown dashboard={dashboard} currency={currency} />
      </div>
    </div>
  )
}
