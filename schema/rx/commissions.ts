import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { COMMISSION_TYPES } from '../commission.ts'
import {
  DATE_ONLY,
  ID,
  nullableText,
  PERCENTAGE,
  SEQ,
  SIGNED_CENTS,
  TIMESTAMP,
} from './sales-fields.ts'

const commissionSchemaLiteral = {
  title: 'commissions',
  description:
    'Commission lines; written by the server (a sale, a correction, a cancellation), paid in parts.',
  version: 1,
  primaryKey: 'id',
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
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    seq: SEQ,
    kind: { type: 'string', enum: ['commission', 'adjustment', 'clawback'] },
    paidAmount: SIGNED_CENTS,
    sourceId: nullableText(64),
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
    'createdAt',
    'updatedAt',
    'seq',
    'kind',
    'paidAmount',
    'sourceId',
  ],
  indexes: ['saleId'],
  additionalProperties: false,
} as const

/** A commission line as the browser stores it; the same fields as CommissionDocument. */
export type CommissionDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof commissionSchemaLiteral>
>

/** RxDB schema of the local commissions collection. */
export const commissionSchema: RxJsonSchema<CommissionDocType> = commissionSchemaLiteral
