import type { SalesListItem } from '#schema/sales-dashboard'
import { KIND_LABELS } from '../components/line-kind-labels.ts'

// The commission screen's sales list as spreadsheet rows ("Exporteren"): a row per sale,
// then a row per commission line under it, so each amount column adds up on its own.

/** A typed cell: the CSV and the XLSX writer each write a kind in their own way. */
export type ExportCell =
  | { kind: 'text'; value: string }
  /** 'YYYY-MM-DD' */
  | { kind: 'date'; value: string }
  /** Euros, from cents. */
  | { kind: 'money'; value: number }
  | { kind: 'percentage'; value: number }
  | null

/** The column headers, in order. */
export const EXPORT_HEADERS = [
  'Datum',
  'Klant',
  'Project',
  'Bouwnummer',
  'Verkoopprijs',
  'Commissie %',
  'Commissie',
  'Verkoper',
  'Rol',
  'Soort',
  'Bedrag',
  'Status',
  'Plan',
  'Trede',
  'Toelichting',
] as const

// As the screen's badge says it; a status the export does not know yet is written as it is.
const STATUS_LABELS: Record<string, string> = {
  paid: 'Betaald',
  pending: 'In behandeling',
  overdue: 'Achterstallig',
  cancelled: 'Geannuleerd',
}

const text = (value: string): ExportCell => ({ kind: 'text', value })
const isCancelled = (sale: SalesListItem) => sale.status === 'cancelled'

// What the sale row's status cell says; a sale under review or sent back has no line rows:
// its lines count for nothing until approved (schema/sale-review.ts).
function describeSale(sale: SalesListItem): ExportCell {
  if (sale.reviewStatus === 'pending') return text('Ter beoordeling')
  if (sale.reviewStatus === 'rejected') return text('Afgewezen')
  // A cancelled sale stays in the list (its lines and clawbacks below it): say so.
  return isCancelled(sale) ? text('Geannuleerd') : null
}

const money = (cents: number): ExportCell => ({ kind: 'money', value: cents / 100 })
const emptyCells = (count: number): ExportCell[] => Array(count).fill(null)

type ListLine = SalesListItem['commissions'][number]

// Plan, tier and the plan's note of a line made by a plan (decision 039); a line typed by
// hand has none. A version this device does not hold (a SELLER's of a plan they were never
// on) is named as unknown rather than left out.
function describePlan(line: ListLine, planNames: ReadonlyMap<string, string>): ExportCell[] {
  if (!line.planVersionId) return [null, null, line.planNote ? text(line.planNote) : null]
  return [
    text(planNames.get(line.planVersionId) ?? 'Onbekend plan'),
    line.planTier == null ? null : text(line.planTier === 0 ? 'Basis' : `Trede ${line.planTier}`),
    line.planNote ? text(line.planNote) : null,
  ]
}

/**
 * The rows of the export (without the header), in the order of the list on screen;
 * `planNames` names each plan version this device holds by its plan.
 */
export function buildExportRows(
  salesList: readonly SalesListItem[],
  planNames: ReadonlyMap<string, string> = new Map(),
): ExportCell[][] {
  const rows: ExportCell[][] = []
  for (const sale of salesList) {
    rows.push([
      { kind: 'date', value: sale.saleDate },
      text(sale.clientName),
      text(sale.projectName),
      text(sale.propertyNumber),
      money(sale.salePrice),
      { kind: 'percentage', value: sale.commissionPercentage },
      money(sale.commissionAmount),
      ...emptyCells(4),
      describeSale(sale),
      ...emptyCells(3),
    ])
    if (sale.reviewStatus) continue
    for (const line of sale.commissions) {
      rows.push([
        // A line's row leaves its sale's seven columns empty.
        ...emptyCells(7),
        text(line.sellerName),
        line.role ? text(line.role) : null,
        text(KIND_LABELS[line.kind]),
        money(line.amount),
        text(STATUS_LABELS[line.status] ?? line.status),
        ...describePlan(line, planNames),
      ])
    }
  }
  return rows
}
