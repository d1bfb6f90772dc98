import {
  ArrowRight,
  BarChart3,
  CircleCheck,
  Clock,
  FileSpreadsheet,
  Home,
  Plus,
  Undo2,
  Wallet,
} from 'lucide-react'
import { memo } from 'react'
import { Link } from 'react-router-dom'
import { DASHBOARD_UPCOMING_LIMIT } from '#schema/dashboard-stats'
import type { CommissionDashboard } from '#schema/sales-dashboard'
import { buttonClass } from '../../components/button.tsx'
import { Card, CardContent } from '../../components/card.tsx'
import { EmptyState } from '../../components/empty-state.tsx'
import { type Currency, formatCount, formatMoney } from '../../lib/format-money.ts'
import { ListCardHeader } from '../components/list-card-header.tsx'
import { overdueCommissionTile, StatTiles } from '../components/stat-tile.tsx'
import { UpcomingPaymentList } from '../components/upcoming-payment-list.tsx'

export type DashboardPaths = {
  newSale: string
  commissions: string
  statistics: string
  salesImport: string
}

type DashboardViewProps = {
  dashboard: CommissionDashboard
  currency: Currency
  paths: DashboardPaths
}

/**
 * The sales dashboard's figures (docs/behaviour.md), or its empty state before the first sale.
 * Memoised: the page renders again as its session, database and settings settle, and the
 * figures seldom change with them.
 */
export const DashboardView = memo(function DashboardView({
  dashboard,
  currency,
  paths,
}: DashboardViewProps) {
  const money = (cents: number) => formatMoney(cents, currency)
  // Only cancelled sales is not "no sales yet": their clawbacks still need settling.
  if (dashboard.totalSales === 0 && dashboard.salesListTotal === 0) {
    return (
      <EmptyState Icon={Home} title="Nog geen verkopen">
        <p className="max-w-sm text-muted-foreground text-sm">
          Registreer je eerste verkoop of haal bestaande verkopen op uit Google Sheets.
        </p>
        <div className="flex flex-wrap justify-center gap-2">
          <Link to={paths.salesImport} className={buttonClass('outline')}>
            <FileSpreadsheet aria-hidden />
            Sheets synchroniseren
          </Link>
          <Link to={paths.newSale} className={buttonClass('primary')}>
            <Plus aria-hidden />
            Nieuwe verkoop
          </Link>
        </div>
      </EmptyState>
    )
  }
  const total = dashboard.upcomingPaymentsTotal
  return (
    <div className="grid grid-cols-1 gap-6">
      <StatTiles
        className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4"
        tiles={[
          {
            title: 'Openstaand',
            value: money(dashboard.pendingCommissions),
            detail: 'Nog te ontvangen',
            Icon: Clock,
            tone: 'warning',
          },
          {
            title: 'Betaald',
            value: money(dashboard.paidCommissions),
            detail: 'Ontvangen commissies',
            Icon: CircleCheck,
            tone: 'success',
          },
          overdueCommissionTile(money(dashboard.overdueCommissions)),
          {
            title: 'Totaal Verkoop',
            value: formatCount(dashboard.totalSales),
            detail: 'Geregistreerde verkopen',
            Icon: Home,
          },
        ]}
      />

      {dashboard.openClawbacks > 0 && (
        <Link
          to={paths.commissions}
          className="flex items-center gap-3 rounded-xl border border-amber-500/40 bg-amber-500/10 p-3 text-sm transition-colors hover:border-amber-500 focus-visible:outline-2 focus-visible:outline-ring sm:p-4"
        >
          <Undo2 aria-hidden className="size-5 shrink-0 text-amber-700 dark:text-amber-300" />
          <span className="min-w-0 flex-1">
            <strong>Terugvorderingen</strong>: {money(dashboard.openClawbacks)} nog terug te
            ontvangen van verkopers na geannuleerde verkopen
          </span>
          <ArrowRight aria-hidden className="size-4 shrink-0" />
        </Link>
      )}

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Card aria-labelledby="upcoming-title">
          <ListCardHeader
            id="upcoming-title"
            title="Aankomende Betalingen"
            description="Verwachte commissiebetalingen"
            count={`${formatCount(total)} items`}
          />
          <CardContent className="px-4 sm:px-6">
            <UpcomingPaymentList payments={dashboard.upcomingPayments} currency={currency} />
            {total > DASHBOARD_UPCOMING_LIMIT && (
              <Link
                to={paths.commissions}
                className={buttonClass('outline', 'md', 'mt-3 w-full whitespace-normal')}
              >
                Bekijk alle {formatCount(total)} betalingen
                <ArrowRight aria-hidden />
              </Link>
            )}
          </CardContent>
        </Card>

        <div className="grid content-start gap-4">
          <LinkCard
            to={paths.commissions}
            Icon={Wallet}
            title="Commissie Dashboard"
            text="Alle verkopen en commissies met filters, betaalstatus en overzichten per verkoper en project."
          />
          <LinkCard
            to={paths.statistics}
            Icon={BarChart3}
            title="Statistieken"
            text="Omzet, commissieverdeling en extra commissies."
          />
        </div>
      </div>
    </div>
  )
})

type LinkCardProps = { to: string; Icon: typeof Wallet; title: string; text: string }

function LinkCard({ to, Icon, title, text }: LinkCardProps) {
  return (
    <Link
      to={to}
      className="group flex items-center gap-4 rounded-xl border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:border-primary/60 focus-visible:outline-2 focus-visible:outline-ring sm:p-5"
    >
      <span className="flex size-11 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
        <Icon aria-hidden className="size-5" />
      </span>
      <span className="grid min-w-0 flex-1 gap-1">
        <span className="font-semibold">{title}</span>
        <span className="text-muted-foreground text-sm">{text}</span>
      </span>
      <ArrowRight
        aria-hidden
        className="size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
      />
    </Link>
  )
}
