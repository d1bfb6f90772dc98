import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { ID, nullableText, STAMP_KEYS, STAMPS } from './fields.ts'

const projectSchemaLiteral = {
  title: 'projects',
  description: 'Gold Estates projects; deactivated, never deleted.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', maxLength: 120 },
    location: nullableText(200),
    type: nullableText(80),
    label: nullableText(80),
    description: nullableText(2000),
    totalUnits: { type: ['number', 'null'] },
    soldUnits: { type: 'number' },
    status: { type: 'string', maxLength: 16 },
    ...STAMPS,
  },
  required: [
    'id',
    'name',
    'location',
    'type',
    'label',
    'description',
    'totalUnits',
    'soldUnits',
    'status',
    ...STAMP_KEYS,
  ],
  indexes: ['name'],
  additionalProperties: false,
} as const

/** A project as the browser stores it; the same fields as ProjectDocument. */
export type ProjectDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof projectSchemaLiteral>
>

/** RxDB schema of the local projects collection. */
export const projectSchema: RxJsonSchema<ProjectDocType> = projectSchemaLiteral
