import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { COMMISSION_TYPES } from '../commission.ts'
import { CENTS, DATE_ONLY, ID, nullableText, PERCENTAGE, SEQ, TIMESTAMP } from './sales-fields.ts'

const commissionSchemaLiteral = {
  title: 'commissions',
  description: 'Commission lines; created by the server with their sale, only status changes.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    saleId: ID,
    sellerId: ID,
    commissionType: { type: 'string', enum: COMMISSION_TYPES },
    role: nullableText(60),
    commissionPercentage: PERCENTAGE,
    commissionAmount: CENTS,
    status: { type: 'string', maxLength: 16 },
    expectedPaymentDate: { ...DATE_ONLY, type: ['string', 'null'] },
    paidAt: { type: ['number', 'null'] },
    createdAt: TIMESTAMP,
    updatedAt: TIMESTAMP,
    seq: SEQ,
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
