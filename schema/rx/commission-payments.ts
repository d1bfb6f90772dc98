import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { CENTS, DATE_ONLY, ID, nullableText, STAMP_KEYS, STAMPS } from './fields.ts'

const commissionPaymentSchemaLiteral = {
  title: 'commission payments',
  description: 'Payment parts of commission lines; booked and undone, never edited.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    commissionId: ID,
    saleId: ID,
    sellerId: ID,
    amount: CENTS,
    paidOn: DATE_ONLY,
    note: nullableText(500),
    createdBy: nullableText(64),
    ...STAMPS,
  },
  required: [
    'id',
    'commissionId',
    'saleId',
    'sellerId',
    'amount',
    'paidOn',
    'note',
    'createdBy',
    ...STAMP_KEYS,
  ],
  indexes: ['commissionId'],
  additionalProperties: false,
} as const

/** A payment part as the browser stores it; the same fields as CommissionPaymentDocument. */
export type CommissionPaymentDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof commissionPaymentSchemaLiteral>
>

/** RxDB schema of the local commission payments collection. */
export const commissionPaymentSchema: RxJsonSchema<CommissionPaymentDocType> =
  commissionPaymentSchemaLiteral
