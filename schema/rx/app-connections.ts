import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { ID, STAMP_KEYS, STAMPS } from './fields.ts'

const appConnectionSchemaLiteral = {
  title: 'app connections',
  description: 'External apps connected to the organisation.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', maxLength: 120 },
    url: { type: 'string', maxLength: 2048 },
    description: { type: ['string', 'null'], maxLength: 1000 },
    status: { type: 'string', maxLength: 32 },
    users: { type: 'number' },
    lastSync: { type: ['number', 'null'] },
    ...STAMPS,
  },
  required: ['id', 'name', 'url', 'description', 'status', 'users', 'lastSync', ...STAMP_KEYS],
  // name for the list; status so the dashboard counts active apps from the index alone.
  indexes: ['name', 'status'],
  additionalProperties: false,
} as const

/** An app connection as the browser stores it; the same fields as AppConnectionDocument. */
export type AppConnectionDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof appConnectionSchemaLiteral>
>

/** RxDB schema of the local app connections collection. */
export const appConnectionSchema: RxJsonSchema<AppConnectionDocType> = appConnectionSchemaLiteral
