import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { ID, nullableText, STAMP_KEYS, STAMPS } from './fields.ts'

const sellerSchemaLiteral = {
  title: 'sellers',
  description: 'The Gold Estates sales team; deactivated, never deleted.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', maxLength: 120 },
    email: nullableText(254),
    phone: nullableText(40),
    role: nullableText(60),
    status: { type: 'string', maxLength: 16 },
    userId: nullableText(64),
    ...STAMPS,
  },
  required: ['id', 'name', 'email', 'phone', 'role', 'status', 'userId', ...STAMP_KEYS],
  indexes: ['name'],
  additionalProperties: false,
} as const

/** A seller as the browser stores it; the same fields as SellerDocument. */
export type SellerDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof sellerSchemaLiteral>
>

/** RxDB schema of the local sellers collection. */
export const sellerSchema: RxJsonSchema<SellerDocType> = sellerSchemaLiteral
