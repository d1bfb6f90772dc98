import { setImmediate as nextTurn } from 'node:timers/promises'
import { v7 as uuidv7 } from 'uuid'
import { IMPORT_COLUMNS, mapColumns } from '#schema/sales-import/columns'
import {
  formatRowError,
  type ImportRow,
  isEmptyRow,
  parseSaleRow,
  toImportKey,
} from '#schema/sales-import/parse-sale-row'
import { MAX_LISTED_ROW_ERRORS, type SalesImportResult } from '#schema/sales-import/payloads'
import type { SheetCell } from '#schema/sales-import/sheet-cell'
import type { ServiceContext } from '../../../context.ts'
import { runInSavepoint } from '../../../db/run-in-savepoint.ts'
import { AppError } from '../../../errors/app-error.ts'
import { appendActivity } from '../../activities/append-activity.ts'
import { releaseHeldNotifications } from '../../notifications/queue-notification.ts'
import { requirePermission } from '../../permissions/require-permission.ts'
import { recountSoldUnits } from '../create-sale.ts'
import { describeRowFailure, importSaleRow } from './import-sale-row.ts'
import { loadSalesCatalog, type SalesCatalog } from './sales-catalog.ts'

/** Rows as a source gives them: the header first; where they sit in the sheet. */
export type SheetTable = {
  rows: SheetCell[][]
  /** The sheet's row number of the header row (1 unless a range starts lower). */
  firstRowNumber: number
  /** Where column AA is in a row (26 when rows start at column A). */
  labelIndex?: number
}

// Rows are written in transactions of this many, each row in its own savepoint: one
// commit (one fsync) per chunk instead of per row, and between chunks the event loop
// serves other requests. A refused row rolls back only its savepoint. A crash loses at
// most the chunk in progress, which the next import (skipping done rows) completes.
const ROWS_PER_TRANSACTION = 250

// One import per organisation at a time: the catalogue read at the start stays true, and
// a double click cannot import a row twice.
const importing = new Set<string>()

type Work = { rowNumber: number; sale: ImportRow; key: string }
type ImportOptions = {
  source: string
  /** Its notifications' batch (queue-notification.ts): released when the import ends. */
  batch: string
  onUnexpectedError?: (error: unknown) => void
  /**
   * Asked in each of the import's transactions once it holds the write lock: throws when
   * the file may no longer be written (its organisation moves to another machine, decision
   * 048). The import writes on the connection it opened at its start, which no later check
   * of the organisation cache reaches.
   */
  refuseWritesIfMoving?: () => void
}

/**
 * Imports sales from a table (Google Sheets, CSV or XLSX): every row becomes a sale with
 * its commission line through the wizard's service, missing projects and sellers are
 * created, rows imported before are skipped, and each refused row is listed with its
 * sheet row number and reason. One activity records the import.
 */
export async function importSales(
  ctx: ServiceContext,
  table: SheetTable,
  options: Omit<ImportOptions, 'batch'> & { sourceLabel: string },
): Promise<SalesImportResult> {
  requirePermission(ctx.actor, 'sales.import')
  const organisationId = ctx.actor.organisationId
  if (importing.has(organisationId)) {
    throw new AppError(
      'conflict',
      'Er loopt al een import voor deze organisatie. Wacht tot die klaar is.',
    )
  }
  importing.add(organisationId)
  try {
    return await runImport(ctx, table, options)
  } finally {
    importing.delete(organisationId)
  }
}

async function runImport(
  ctx: ServiceContext,
  table: SheetTable,
  options: Omit<ImportOptions, 'batch'> & { sourceLabel: string },
): Promise<SalesImportResult> {
  const result: SalesImportResult = {
    salesImported: 0,
    salesSkipped: 0,
    projectsCreated: 0,
    sellersCreated: 0,
    commissionsCreated: 0,
    errors: [],
  }
  // Parse problems are found before writing and write refusals during it; the list is
  // sorted by row at the end, so it reads top to bottom like the sheet.
  const refusals: { rowNumber: number; reason: string }[] = []
  const refuse = (rowNumber: number, reason: string) => refusals.push({ rowNumber, reason })
  const work = readRows(table, refuse)
  const catalog = loadSalesCatalog(ctx.db)
  // The import's notifications leave together once it ends: one mail per recipient.
  const batch = `import:${uuidv7()}`
  try {
    await writeRows(ctx, catalog, work, { ...options, batch }, result, refuse)
  } finally {
    releaseHeldNotifications(ctx.db, batch)
  }
  refusals.sort((a, b) => a.rowNumber - b.rowNumber)
  result.errors = refusals
    .slice(0, MAX_LISTED_ROW_ERRORS)
    .map((refusal) => formatRowError(refusal.rowNumber, refusal.reason))
  if (refusals.length > MAX_LISTED_ROW_ERRORS) {
    result.errors.push(`… en nog ${refusals.length - MAX_LISTED_ROW_ERRORS} rijen met fouten`)
  }
  recordActivity(ctx, result, refusals.length, options.sourceLabel)
  return result
}

/** Writes the rows, ROWS_PER_TRANSACTION to a transaction, each in its own savepoint. */
async function writeRows(
  ctx: ServiceContext,
  catalog: SalesCatalog,
  work: Work[],
  options: ImportOptions,
  result: SalesImportResult,
  refuse: (rowNumber: number, reason: string) => void,
) {
  for (let start = 0; start < work.length; start += ROWS_PER_TRANSACTION) {
    const chunk = work.slice(start, start + ROWS_PER_TRANSACTION)
    ctx.db.transaction(
      (tx) => {
        options.refuseWritesIfMoving?.()
        const txCtx = { ...ctx, db: tx as unknown as ServiceContext['db'] }
        const projectIds = new Set<string>()
        for (const item of chunk) {
          const projectId = importOne(txCtx, catalog, item, options, result, refuse)
          if (projectId) projectIds.add(projectId)
        }
        // Once per project and chunk, not per row: counting a project's sales for each of
        // thousands of rows took longer than writing them.
        const now = Date.now()
        for (const projectId of projectIds) recountSoldUnits(tx, projectId, now)
      },
      { behavior: 'immediate' },
    )
    await nextTurn()
  }
}

/** Checks the header and reads every data row; refused rows are reported right away. */
function readRows(table: SheetTable, refuse: (rowNumber: number, reason: string) => void): Work[] {
  const [header = [], ...body] = table.rows
  if (isEmptyRow(header)) {
    throw new AppError(
      'invalid_input',
      'Het blad is leeg: de eerste rij moet de kolomnamen bevatten',
    )
  }
  const { indexes, missing } = mapColumns(header, table.labelIndex)
  if (missing.length) {
    const names = missing.map((column) => IMPORT_COLUMNS[column].label).join(', ')
    throw new AppError(
      'invalid_input',
      `Kolommen ontbreken in de eerste rij: ${names}. Namen mogen Nederlands of Engels zijn (bijv. verkoopprijs of sale price).`,
    )
  }
  const work: Work[] = []
  body.forEach((row, index) => {
    const rowNumber = table.firstRowNumber + 1 + index
    if (isEmptyRow(row)) return
    const parsed = parseSaleRow(row, indexes)
    if (parsed.ok) work.push({ rowNumber, sale: parsed.value, key: toImportKey(parsed.value) })
    else refuse(rowNumber, parsed.problem)
  })
  return work
}

/** Imports one row in its own savepoint; the project of the sale it registered, if any. */
function importOne(
  ctx: ServiceContext,
  catalog: SalesCatalog,
  item: Work,
  options: ImportOptions,
  result: SalesImportResult,
  refuse: (rowNumber: number, reason: string) => void,
) {
  // Also catches a row repeated within the same sheet, imported a moment ago.
  if (catalog.importKeys.has(item.key)) {
    result.salesSkipped++
    return undefined
  }
  try {
    const outcome = runInSavepoint(ctx.db, 'import_row', () =>
      importSaleRow(ctx, catalog, {
        sale: item.sale,
        key: item.key,
        source: options.source,
        batch: options.batch,
      }),
    )
    catalog.importKeys.add(item.key)
    if (outcome.project) catalog.projectIds.set(outcome.project.key, outcome.project.id)
    if (outcome.seller) catalog.sellers.set(outcome.seller.key, outcome.seller)
    result.salesImported++
    result.commissionsCreated += outcome.commissionLines
    result.projectsCreated += outcome.project ? 1 : 0
    result.sellersCreated += outcome.seller ? 1 : 0
    return outcome.projectId
  } catch (error) {
    const reason = describeRowFailure(error)
    if (reason === null) options.onUnexpectedError?.(error)
    refuse(item.rowNumber, reason ?? 'de rij kon niet worden opgeslagen')
    return undefined
  }
}

function recordActivity(
  ctx: ServiceContext,
  result: SalesImportResult,
  refusedRows: number,
  sourceLabel: string,
) {
  if (!result.salesImported && !result.projectsCreated && !result.sellersCreated) return
  ctx.db.transaction((tx) =>
    appendActivity(tx, ctx.actor.organisationId, ctx.actor, {
      type: 'sale',
      action: `${result.salesImported} verkopen geïmporteerd`,
      target: sourceLabel,
      metadata: {
        salesImported: result.salesImported,
        salesSkipped: result.salesSkipped,
        projectsCreated: result.projectsCreated,
        sellersCreated: result.sellersCreated,
        commissionsCreated: result.commissionsCreated,
        refusedRows,
      },
    }),
  )
}
