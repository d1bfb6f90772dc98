import { and, asc, eq, inArray } from 'drizzle-orm'
import { getSaleSplits } from '#schema/commission-changes'
import {
  commissionPayments,
  commissions,
  sales,
  salesProjects,
  salesSellers,
} from '#schema/db/organisation'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { SaleTeamCreateSchema } from '#schema/sale-team'
import {
  type CommissionDocument,
  CommissionStatusSchema,
  PaymentPartSchema,
  ProjectCreateSchema,
  ProjectUpdateSchema,
  SaleCancelSchema,
  SaleCorrectionSchema,
  SaleCreateSchema,
  type SaleDocument,
  type SaleSplit,
  SellerCreateSchema,
  SellerUpdateSchema,
  type SyncedSaleDocument,
} from '#schema/sales'
import { seesAllSales } from '#schema/sales-visibility'
import type { Actor, ServiceContext } from '#server/context'
import { readRows } from '#server/db/read-rows'
import { AppError } from '#server/errors/app-error'
import { cancelSale } from '#server/services/sales/cancel-sale'
import { createTeamSale } from '#server/services/sales/commission-plans/create-team-sale'
import { correctSale } from '#server/services/sales/correct-sale'
import { createSale } from '#server/services/sales/create-sale'
import {
  addPaymentPart,
  setCommissionStatus,
  undoPaymentPart,
} from '#server/services/sales/pay-commission'
import {
  commissionPaymentsReadFilter,
  commissionsReadFilter,
  salesReadFilter,
} from '#server/services/sales/read-filters'
import { findSaleLines } from '#server/services/sales/sale-lines'
import { toSaleView } from '#server/services/sales/sale-view'
import { createProject, updateProject } from '#server/services/sales/save-project'
import { createSeller, updateSeller } from '#server/services/sales/save-seller'
import {
  toCommissionDocument,
  toCommissionPaymentDocument,
  toProjectDocument,
  toSellerDocument,
  toSellerView,
} from '#server/services/sales/to-sales-documents'
import type { ServerCollection } from '../collection.ts'
import { defineTableCollection } from '../define-table-collection.ts'

/**
 * Whoever does not read every sale reads their own share (read-filters.ts, toSaleView):
 * what they are streamed is read for them alone.
 */
function readsOwnShare(actor: Actor) {
  return !seesAllSales(actor.permissions)
}

function refuse(message: string): never {
  throw new AppError('forbidden', message)
}

/** Sales projects; deactivated rather than deleted. */
export const projectsCollection = defineTableCollection({
  name: 'projects',
  area: 'sales',
  table: salesProjects,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  toDocument: toProjectDocument,
  writableFields: WRITABLE_FIELDS.projects,
  write: {
    create: (ctx, id, document) =>
      void createProject(ctx, ProjectCreateSchema.parse(document), { id }),
    update: (ctx, id, changes) => void updateProject(ctx, id, ProjectUpdateSchema.parse(changes)),
    delete: () => refuse('Een project kun je deactiveren, niet verwijderen'),
  },
})

/** The sales team; deactivated rather than deleted. */
export const sellersCollection = defineTableCollection({
  name: 'sellers',
  area: 'sales',
  table: salesSellers,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  toDocument: (row: typeof salesSellers.$inferSelect, ctx) =>
    toSellerView(toSellerDocument(row), ctx.actor),
  writableFields: WRITABLE_FIELDS.sellers,
  write: {
    create: (ctx, id, document) =>
      void createSeller(ctx, SellerCreateSchema.parse(document), { id }),
    update: (ctx, id, changes) => updateSeller(ctx, id, SellerUpdateSchema.parse(changes)).follow,
    delete: () => refuse('Een verkoper kun je deactiveren, niet verwijderen'),
  },
})

const SALE_FIELDS = WRITABLE_FIELDS.sales
const CREATE_ONLY = 'Het project van een geregistreerde verkoop kan niet gewijzigd worden'

/**
 * A replicated edit of a sale: a cancellation when its status turns cancelled, otherwise a
 * correction of the whole sale as its author saw it (the document's own paidTotal).
 */
function updateSale(
  ctx: ServiceContext,
  id: string,
  changes: Record<string, unknown>,
  document: Record<string, unknown>,
) {
  if ('projectId' in changes) refuse(CREATE_ONLY)
  if (changes.status === 'cancelled') {
    cancelSale(ctx, id, SaleCancelSchema.parse({ reason: document.cancelReason }).reason)
    return
  }
  if ('status' in changes || 'cancelReason' in changes) {
    refuse('Een verkoop kan alleen geannuleerd worden, niet heropend')
  }
  const splits =
    (document.splits as SaleSplit[] | null) ??
    getSaleSplits({ splits: null }, findSaleLines(ctx.db, id))
  correctSale(ctx, id, SaleCorrectionSchema.parse({ ...document, splits }))
}

type Change = { document: Record<string, unknown> }

/**
 * The sales with the live lines the actor may read, as each sale's `lines` (decision 013):
 * one query per pulled page.
 */
function withLines<T extends Change>(ctx: ServiceContext, changes: T[]): T[] {
  if (changes.length === 0) return changes
  const ids = changes.map((change) => String(change.document.id))
  const rows = readRows<typeof commissions.$inferSelect>(
    ctx.db,
    commissions,
    ctx.db
      .select()
      .from(commissions)
      .where(
        and(
          inArray(commissions.saleId, ids),
          eq(commissions.deleted, false),
          commissionsReadFilter(ctx),
        ),
      )
      .orderBy(asc(commissions.createdAt), asc(commissions.id)),
  )
  const bySale = new Map<string, CommissionDocument[]>(ids.map((id) => [id, []]))
  for (const row of rows) bySale.get(row.saleId)?.push(toCommissionDocument(row))
  return changes.map((change) => {
    const document = change.document as SaleDocument
    const synced: SyncedSaleDocument = { ...document, lines: bySale.get(document.id) ?? [] }
    return { ...change, document: synced }
  })
}

const salesTable = defineTableCollection({
  name: 'sales',
  area: 'sales',
  table: sales,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: salesReadFilter,
  toDocument: toSaleView,
  writableFields: SALE_FIELDS,
  // The whole payload of SaleCreateSchema: the server checks the sent amounts against its
  // own arithmetic, and the lines exist only in the pushed document.
  // A sale from plans (decision 040) carries its `team`; the server fills its lines from
  // the plans and ignores the device's own calculation in `commissions`.
  createFields: [...SALE_FIELDS, 'commissionAmount', 'notes', 'commissions', 'fromPlan', 'team'],
  write: {
    create: (ctx, id, document) =>
      void (document.fromPlan === true
        ? createTeamSale(ctx, SaleTeamCreateSchema.parse(document), { id })
        : createSale(ctx, SaleCreateSchema.parse(document), { id })),
    update: updateSale,
    delete: () => refuse('Een geregistreerde verkoop kan niet verwijderd worden'),
  },
})

/**
 * Sales: created with their commission lines (the pushed document's `commissions`), pulled
 * with the lines the reader may see (`lines`, set by the server only).
 */
export const salesCollection: ServerCollection = {
  ...salesTable,
  selectChanges: (ctx, checkpoint, limit, through) =>
    withLines(ctx, salesTable.selectChanges(ctx, checkpoint, limit, through)).map((change) =>
      isTakenOff(ctx, change.document) ? asTakenOff(change) : change,
    ),
  findDocument(ctx, id) {
    const found = salesTable.findDocument(ctx, id)
    const document = found && withLines(ctx, [found])[0]
    return document && !isTakenOff(ctx, document.document) ? document : undefined
  },
}

/**
 * Whether a SELLER was taken off this sale: the read filter still finds it (they held a
 * line), but none of their lines is live any more. Their device then drops the sale and
 * its customer's details, and a push of it is refused as out of reach.
 */
function isTakenOff(ctx: ServiceContext, document: Record<string, unknown>) {
  if (seesAllSales(ctx.actor.permissions)) return false
  return (document as SyncedSaleDocument).lines.length === 0
}

/** The sale as a tombstone without the customer's details or the split. */
function asTakenOff<T extends Change & { deleted: boolean }>(change: T): T {
  const document = {
    ...change.document,
    clientName: '',
    clientEmail: '',
    clientPhone: '',
    notes: '',
    costsDescription: '',
    splits: null,
    paidTotal: 0,
  }
  return { ...change, document, deleted: true }
}

/** Commission lines: created by the server with their sale, a correction or a cancellation. */
export const commissionsCollection = defineTableCollection({
  name: 'commissions',
  area: 'sales',
  table: commissions,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: commissionsReadFilter,
  toDocument: toCommissionDocument,
  writableFields: WRITABLE_FIELDS.commissions,
  write: {
    create: () => refuse('Commissies ontstaan bij het registreren van een verkoop'),
    update: (ctx, id, changes) => {
      const { status } = CommissionStatusSchema.parse(changes)
      setCommissionStatus(ctx, id, status)
    },
    delete: () => refuse('Een commissie kan niet verwijderd worden'),
  },
})

/** Payment parts of commission lines: booked and undone (deleted), never edited. */
export const commissionPaymentsCollection = defineTableCollection({
  name: 'commissionPayments',
  area: 'sales',
  table: commissionPayments,
  readPermission: 'sales.register',
  isPersonal: readsOwnShare,
  readFilter: commissionPaymentsReadFilter,
  toDocument: toCommissionPaymentDocument,
  writableFields: WRITABLE_FIELDS.commissionPayments,
  isNeverEdited: true,
  write: {
    create: (ctx, id, document) =>
      void addPaymentPart(ctx, String(document.commissionId), PaymentPartSchema.parse(document), {
        id,
      }),
    update: () => refuse('Een betaling kun je ongedaan maken, niet wijzigen'),
    delete: (ctx, id) => void undoPaymentPart(ctx, id),
  },
})
