import { FileSpreadsheet, FileText, Sheet } from 'lucide-react'
import { getPeriodRange } from '#schema/period-presets'
import { seesAllSales } from '#schema/sales-visibility'
import { Button } from '../../components/button.tsx'
import { DropdownMenu, DropdownMenuItem } from '../../components/dropdown-menu.tsx'
import type { Currency } from '../../lib/format-money.ts'
import { showToast } from '../../lib/toasts.ts'
import { useSalesDatabase, useSalesUser } from '../data/index.ts'
import { readSalesFigures } from '../data/use-local-sales-figures.ts'
import { getSalesPermissions } from '../layout/sales-roles.ts'
import type { CommissionFilterValues } from './commission-filters.tsx'
import { DownloadButton } from './download-button.tsx'
import { toCsv } from './export-csv.ts'
import { readPlanNamesByVersion } from './export-plan-names.ts'
import { buildExportRows } from './export-rows.ts'
import { createXlsxBlob } from './export-xlsx.ts'
import { saveFile } from './save-file.ts'
import { getAllStatementsUrl, getStatementUrl } from './statement-urls.ts'
import { showLeftOutSellers } from './statements-left-out.ts'
import { getDashboardFilters } from './use-commission-dashboard.ts'

type CommissionDownloadsProps = {
  filters: CommissionFilterValues
  today: string
  currency: Currency
}

/**
 * "Exporteren" (CSV or Excel) of the sales list as filtered on screen, every page of it,
 * from the local data, so it works offline; and the payout statements of the period, which
 * the server makes: everyone's for sales.read.all, a seller's own otherwise.
 */
export function CommissionDownloads({ filters, today, currency }: CommissionDownloadsProps) {
  const user = useSalesUser()
  const database = useSalesDatabase()
  const canReadAll = seesAllSales(getSalesPermissions(user))
  const period = getPeriodRange(filters.period, today)
  const baseName = `verkopen-${period.dateFrom}-${period.dateTo}`

  const exportAs = async (kind: 'csv' | 'xlsx') => {
    try {
      if (!database) throw new Error('the local data is not open')
      // The screen shows one page of the list; the export takes all of it.
      const dashboard = await readSalesFigures(database.db, {
        figures: 'commissions',
        today,
        filters: getDashboardFilters(filters, today),
        page: { offset: 0, limit: Number.MAX_SAFE_INTEGER, upcomingLimit: 0 },
      })
      const rows = buildExportRows(dashboard.salesList, await readPlanNamesByVersion(database.db))
      if (kind === 'csv') {
        saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), `${baseName}.csv`)
      } else {
        saveFile(await createXlsxBlob(rows, currency), `${baseName}.xlsx`)
      }
    } catch {
      showToast({
        title: 'Exporteren mislukt',
        description: 'Probeer het opnieuw',
        variant: 'destructive',
      })
    }
  }

  return (
    <section aria-label="Exporteren en afrekeningen" className="flex flex-wrap justify-end gap-2">
      <DropdownMenu
        label="Exporteren"
        trigger={
          <Button variant="outline" size="sm">
            <Sheet aria-hidden />
            Exporteren
          </Button>
        }
      >
        <DropdownMenuItem onSelect={() => void exportAs('csv')}>
          <FileText aria-hidden />
          CSV
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void exportAs('xlsx')}>
          <FileSpreadsheet aria-hidden />
          Excel (XLSX)
        </DropdownMenuItem>
      </DropdownMenu>
      {canReadAll ? (
        <DownloadButton
          url={getAllStatementsUrl(period)}
          fileName="afrekeningen.zip"
          onSaved={showLeftOutSellers}
          isQueued
        >
          Alle afrekeningen (zip)
        </DownloadButton>
      ) : (
        user.sellerId && (
          <DownloadButton url={getStatementUrl(user.sellerId, period)} fileName="afrekening.pdf">
            Mijn afrekening (PDF)
          </DownloadButton>
        )
      )}
    </section>
  )
}
