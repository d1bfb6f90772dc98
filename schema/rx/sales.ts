import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { COMMISSION_TYPES } from '../commission.ts'
import { COMMISSION_LINE } from './commission-line.ts'
import { CENTS, DATE_ONLY, ID, nullableText, PERCENTAGE, STAMP_KEYS, STAMPS } from './fields.ts'

/** One line of a split: who, in which role and type, for which percentage. */
const SPLIT_LINE = {
  type: 'object',
  properties: {
    sellerId: ID,
    role: nullableText(60),
    commissionType: { type: 'string', enum: COMMISSION_TYPES },
    commissionPercentage: PERCENTAGE,
  },
  required: ['sellerId', 'role', 'commissionType', 'commissionPercentage'],
  additionalProperties: false,
} as const

const saleSchemaLiteral = {
  title: 'sales',
  description:
    'Registered sales with their commission lines; corrected and cancelled through the server.',
  version: 5,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    projectId: ID,
    clientName: { type: 'string', maxLength: 200 },
    clientEmail: nullableText(254),
    clientPhone: nullableText(40),
    propertyNumber: { type: 'string', maxLength: 60 },
    saleDate: DATE_ONLY,
    deliveryDate: { ...DATE_ONLY, type: ['string', 'null'] },
    salePrice: CENTS,
    commissionPercentage: PERCENTAGE,
    commissionAmount: CENTS,
    totalCosts: CENTS,
    costsDescription: nullableText(500),
    discountPercentage: PERCENTAGE,
    status: { type: 'string', maxLength: 16 },
    notes: nullableText(2000),
    createdBy: nullableText(64),
    ...STAMPS,
    splits: { type: ['array', 'null'], maxItems: 50, items: SPLIT_LINE },
    cancelReason: nullableText(500),
    cancelledAt: { type: ['number', 'null'] },
    paidTotal: { type: 'number', multipleOf: 1 },
    // The review (schema/sale-review.ts), set by the server; a sale this device registered
    // shows the device's own verdict until the server's copy arrives.
    reviewStatus: { type: ['string', 'null'], enum: ['pending', 'rejected', null] },
    reviewReason: nullableText(500),
    reviewedBy: nullableText(64),
    reviewedAt: { type: ['number', 'null'] },
    // The sale's lines as the server keeps them (the ones this person may see), set by
    // the server only: a line's change brings the sale again (decision 013). Empty on a
    // sale this device registered until the server's copy arrives.
    lines: { type: 'array', maxItems: 1000, items: COMMISSION_LINE },
    // Whether the server filled the lines from commission plans (decision 039); set by
    // this device on a sale it registered from plans, whose `team` the push then carries.
    fromPlan: { type: 'boolean' },
    // Only on a sale this device registered from plans, until the server's copy arrives:
    // who is on it in which role. The server fills the lines; `commissions` then holds the
    // device's own calculation, shown as provisional (decision 040).
    team: {
      type: 'array',
      maxItems: 50,
      items: {
        type: 'object',
        properties: {
          sellerId: ID,
          role: nullableText(60),
          commissionType: { type: 'string', enum: COMMISSION_TYPES },
          // A share set over the plan's ("afwijkend van plan"); null: the plan's (v5).
          share: { type: ['number', 'null'], minimum: 0, maximum: 100 },
        },
        required: ['sellerId', 'role', 'commissionType'],
        additionalProperties: false,
      },
    },
    // Only on a sale this device registered and has not yet seen back from the server:
    // the push creates the sale with these lines. The server's copy has none.
    commissions: {
      type: 'array',
      maxItems: 50,
      items: {
        ...SPLIT_LINE,
        // The plan fields: the device's own calculation of a sale from plans (provisional).
        properties: {
          ...SPLIT_LINE.properties,
          commissionAmount: CENTS,
          planVersionId: nullableText(64),
          planTier: { type: ['number', 'null'], minimum: 0, multipleOf: 1 },
          planNote: nullableText(300),
        },
        required: [...SPLIT_LINE.required, 'commissionAmount'],
      },
    },
  },
  required: [
    'id',
    'projectId',
    'clientName',
    'clientEmail',
    'clientPhone',
    'propertyNumber',
    'saleDate',
    'deliveryDate',
    'salePrice',
    'commissionPercentage',
    'commissionAmount',
    'totalCosts',
    'costsDescription',
    'discountPercentage',
    'status',
    'notes',
    'createdBy',
    ...STAMP_KEYS,
    'splits',
    'cancelReason',
    'cancelledAt',
    'paidTotal',
    'reviewStatus',
    'reviewReason',
    'reviewedBy',
    'reviewedAt',
    'lines',
    'fromPlan',
  ],
  // No index beyond the id: the screens read every sale and filter in memory, and each
  // index costs every write of a first fill.
  additionalProperties: false,
} as const

/** A sale as the browser stores it: SyncedSaleDocument plus, before the push, its payload's lines. */
export type SaleDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof saleSchemaLiteral>
>

/** RxDB schema of the local sales collection. */
export const saleSchema: RxJsonSchema<SaleDocType> = saleSchemaLiteral
