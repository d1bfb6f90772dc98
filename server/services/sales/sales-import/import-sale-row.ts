import { sql } from 'drizzle-orm'
import { ZodError } from 'zod'
import { calculateCommission } from '#schema/commission'
import { salesImportKeys } from '#schema/db/organisation'
import { ProjectCreateSchema, SaleCreateSchema, SellerCreateSchema } from '#schema/sales'
import { IMPORT_COLUMNS, type ImportColumn } from '#schema/sales-import/columns'
import type { ImportRow } from '#schema/sales-import/parse-sale-row'
import { toNameKey } from '#schema/sales-import/sheet-cell'
import type { ServiceContext } from '../../../context.ts'
import { prepareOnce } from '../../../db/prepare-once.ts'
import { AppError } from '../../../errors/app-error.ts'
import { createSale } from '../create-sale.ts'
import { createProject } from '../save-project.ts'
import { createSeller } from '../save-seller.ts'
import type { SalesCatalog } from './sales-catalog.ts'

const insertImportKey = (db: ServiceContext['db']) =>
  prepareOnce(db, 'insert-import-key', () =>
    db
      .insert(salesImportKeys)
      .values({
        key: sql.placeholder('key'),
        saleId: sql.placeholder('saleId'),
        source: sql.placeholder('source'),
        createdAt: sql.placeholder('createdAt'),
      })
      .prepare(),
  )

/** What one imported row created. */
export type RowOutcome = {
  saleId: string
  /** The sale's project, whose sold units the import recounts (recountSoldUnits). */
  projectId: string
  project?: { key: string; id: string }
  seller?: { key: string; id: string; role: string | null }
  commissionLines: number
}

/** A row the importer refuses, with the reason shown to the person importing. */
export class RowRefusedError extends Error {}

// Payload fields named as the sheet's columns, for messages about a refused row.
const FIELD_COLUMNS: Partial<Record<string, ImportColumn>> = {
  clientName: 'clientName',
  clientEmail: 'clientEmail',
  clientPhone: 'clientPhone',
  propertyNumber: 'propertyNumber',
  salePrice: 'salePrice',
  commissionPercentage: 'commissionPercentage',
  totalCosts: 'totalCosts',
  discountPercentage: 'discountPercentage',
  notes: 'notes',
}

function describeZodError(error: ZodError, column?: ImportColumn): string {
  return error.issues
    .map((issue) => {
      const name = column ?? FIELD_COLUMNS[String(issue.path[0])]
      return name ? `${IMPORT_COLUMNS[name].label}: ${issue.message}` : issue.message
    })
    .join('; ')
}

function parseOrRefuse<T>(parse: () => T, column?: ImportColumn): T {
  try {
    return parse()
  } catch (error) {
    if (error instanceof ZodError) throw new RowRefusedError(describeZodError(error, column))
    throw error
  }
}

/**
 * The wizard's payload for a sheet row: one sales line of 100 % for the row's seller, with
 * the seller's team role, and the amounts from the same arithmetic the wizard uses;
 * createSale recomputes and checks them.
 */
function toSalePayload(
  sale: ImportRow,
  projectId: string,
  seller: { id: string; role: string | null },
) {
  const line = { commissionType: 'sales' as const, percentage: 100 }
  const breakdown = calculateCommission({
    salePriceCents: sale.salePriceCents,
    commissionPercentage: sale.commissionPercentage,
    discountPercentage: sale.discountPercentage,
    costsCents: sale.totalCostsCents,
    lines: [line],
  })
  return {
    projectId,
    clientName: sale.clientName,
    clientEmail: sale.clientEmail,
    clientPhone: sale.clientPhone,
    propertyNumber: sale.propertyNumber,
    saleDate: sale.saleDate,
    deliveryDate: sale.deliveryDate,
    salePrice: sale.salePriceCents,
    commissionPercentage: sale.commissionPercentage,
    commissionAmount: breakdown.netCents,
    totalCosts: sale.totalCostsCents,
    discountPercentage: sale.discountPercentage,
    notes: sale.notes,
    commissions: [
      {
        sellerId: seller.id,
        role: seller.role,
        commissionType: line.commissionType,
        commissionPercentage: line.percentage,
        commissionAmount: breakdown.lineAmountsCents[0] ?? 0,
      },
    ],
  }
}

/**
 * Imports one parsed row inside the caller's transaction (`ctx.db` is that transaction):
 * finds or creates its project and seller, registers the sale through createSale and
 * records the row's key. The caller wraps it in a savepoint, so a refused row leaves
 * nothing behind; the catalogue is only read here and updated by the caller on success.
 * The caller recounts the project's sold units (recountSoldUnits) before it commits.
 */
export function importSaleRow(
  ctx: ServiceContext,
  catalog: SalesCatalog,
  row: { sale: ImportRow; key: string; source: string; batch?: string },
): RowOutcome {
  const { sale } = row
  const outcome: Partial<RowOutcome> = {}
  // The import right includes adding the projects and sellers a sheet names, so a sales
  // MANAGER can import without being allowed to edit the catalogue by hand.
  const catalogCtx = {
    ...ctx,
    actor: {
      ...ctx.actor,
      permissions: new Set([...ctx.actor.permissions, 'sales.catalog.write' as const]),
    },
  }
  const projectKey = toNameKey(sale.projectName)
  let projectId = catalog.projectIds.get(projectKey)
  if (!projectId) {
    const input = parseOrRefuse(
      () => ProjectCreateSchema.parse({ name: sale.projectName, label: sale.projectLabel }),
      'projectName',
    )
    projectId = createProject(catalogCtx, input).id
    outcome.project = { key: projectKey, id: projectId }
  }
  const sellerKey = toNameKey(sale.sellerName)
  let seller = catalog.sellers.get(sellerKey)
  if (!seller) {
    const input = parseOrRefuse(
      () => SellerCreateSchema.parse({ name: sale.sellerName }),
      'sellerName',
    )
    seller = { id: createSeller(catalogCtx, input).id, role: null }
    outcome.seller = { key: sellerKey, ...seller }
  }
  const payload = parseOrRefuse(() =>
    SaleCreateSchema.parse(toSalePayload(sale, projectId, seller)),
  )
  const created = createSale(ctx, payload, {
    recountProject: false,
    notificationBatch: row.batch,
  })
  insertImportKey(ctx.db).run({
    key: row.key,
    saleId: created.id,
    source: row.source,
    createdAt: Date.now(),
  })
  return {
    ...outcome,
    saleId: created.id,
    projectId,
    commissionLines: payload.commissions.length,
  }
}

/** The reason a row was refused, for the result's error list; null for an unexpected error. */
export function describeRowFailure(error: unknown): string | null {
  if (error instanceof RowRefusedError || error instanceof AppError) return error.message
  return null
}
