import { commissions, sales, salesProjects, salesSellers } from '#schema/db/organisation'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import {
  CommissionStatusSchema,
  ProjectCreateSchema,
  ProjectUpdateSchema,
  SaleCreateSchema,
  SellerCreateSchema,
  SellerUpdateSchema,
} from '#schema/sales'
import { AppError } from '#server/http/app-error'
import { createSale } from '#server/services/sales/create-sale'
import { commissionsReadFilter, salesReadFilter } from '#server/services/sales/read-filters'
import { createProject, updateProject } from '#server/services/sales/save-project'
import { createSeller, updateSeller } from '#server/services/sales/save-seller'
import { setCommissionStatus } from '#server/services/sales/set-commission-status'
import {
  toCommissionDocument,
  toProjectDocument,
  toSaleDocument,
  toSellerDocument,
  toSellerView,
} from '#server/services/sales/to-sales-documents'
import { defineTableCollection } from '../define-table-collection.ts'

function refuse(message: string): never {
  throw new AppError('forbidden', message)
}

/** Sales projects; deactivated rather than deleted. */
export const projectsCollection = defineTableCollection({
  name: 'projects',
  area: 'sales',
  table: salesProjects,
  readPermission: 'sales.register',
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
  toDocument: (row: typeof salesSellers.$inferSelect, ctx) =>
    toSellerView(toSellerDocument(row), ctx.actor),
  writableFields: WRITABLE_FIELDS.sellers,
  write: {
    create: (ctx, id, document) =>
      void createSeller(ctx, SellerCreateSchema.parse(document), { id }),
    update: (ctx, id, changes) => void updateSeller(ctx, id, SellerUpdateSchema.parse(changes)),
    delete: () => refuse('Een verkoper kun je deactiveren, niet verwijderen'),
  },
})

const SALE_FIELDS = WRITABLE_FIELDS.sales

/** Sales: created with their commission lines (the pushed document's `commissions`). */
export const salesCollection = defineTableCollection({
  name: 'sales',
  area: 'sales',
  table: sales,
  readPermission: 'sales.register',
  readFilter: salesReadFilter,
  toDocument: toSaleDocument,
  writableFields: SALE_FIELDS,
  // The whole payload of SaleCreateSchema: the server checks the sent amounts against its
  // own arithmetic, and the lines exist only in the pushed document.
  createFields: [...SALE_FIELDS, 'commissionAmount', 'notes', 'commissions'],
  write: {
    create: (ctx, id, document) => void createSale(ctx, SaleCreateSchema.parse(document), { id }),
    update: () => refuse('Een geregistreerde verkoop kan niet gewijzigd worden'),
    delete: () => refuse('Een geregistreerde verkoop kan niet verwijderd worden'),
  },
})

/** Commission lines: created with their sale; only their status (paid/pending) changes. */
export const commissionsCollection = defineTableCollection({
  name: 'commissions',
  area: 'sales',
  table: commissions,
  readPermission: 'sales.register',
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
