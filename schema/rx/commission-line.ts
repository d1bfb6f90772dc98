import { COMMISSION_TYPES } from '../commission.ts'
import {
  DATE_ONLY,
  ID,
  nullableText,
  PERCENTAGE,
  SIGNED_CENTS,
  STAMP_KEYS,
  STAMPS,
} from './fields.ts'

/**
 * A commission line as a sale's document carries it on a device (`lines`, decision 013):
 * written by the server (a sale, a correction, a cancellation), paid in parts.
 */
export const COMMISSION_LINE = {
  type: 'object',
  properties: {
    id: ID,
    saleId: ID,
    sellerId: ID,
    commissionType: { type: 'string', enum: COMMISSION_TYPES },
    role: nullableText(60),
    commissionPercentage: PERCENTAGE,
    commissionAmount: SIGNED_CENTS,
    status: { type: 'string', maxLength: 16 },
    expectedPaymentDate: { ...DATE_ONLY, type: ['string', 'null'] },
    paidAt: { type: ['number', 'null'] },
    ...STAMPS,
    kind: { type: 'string', enum: ['commission', 'adjustment', 'clawback'] },
    paidAmount: SIGNED_CENTS,
    sourceId: nullableText(64),
    // Which plan version and tier made the line, and why it is what it is (decision 039);
    // null on a line typed by hand.
    planVersionId: nullableText(64),
    planTier: { type: ['number', 'null'], minimum: 0, multipleOf: 1 },
    planNote: nullableText(300),
  },
  required: [
    'id',
    'saleId',
    'sellerId',
    'commissionType',
    'role',
    'commissionPercentage',
    'commissionAmount',
    'status',
    'expectedPaymentDate',
    'paidAt',
    ...STAMP_KEYS,
    'kind',
    'paidAmount',
    'sourceId',
    'planVersionId',
    'planTier',
    'planNote',
  ],
  additionalProperties: false,
} as const
