import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'

const TIMESTAMP = {
  type: 'number',
  minimum: 0,
  maximum: 8_640_000_000_000_000,
  multipleOf: 1,
} as const

const activitySchemaLiteral = {
  title: 'activities',
  description: 'The organisation activity log; written by the server only.',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 64 },
    type: { type: 'string', enum: ['user', 'app', 'settings'] },
    user: { type: 'string' },
    action: { type: 'string' },
    target: { type: ['string', 'null'] },
    timestamp: TIMESTAMP,
    updatedAt: TIMESTAMP,
    seq: { type: 'number', minimum: 0, maximum: Number.MAX_SAFE_INTEGER, multipleOf: 1 },
  },
  required: ['id', 'type', 'user', 'action', 'target', 'timestamp', 'updatedAt', 'seq'],
  // Newest first for the feed, and the 7-day window of the dashboard count.
  indexes: ['timestamp'],
  additionalProperties: false,
} as const

/** An activity as the browser stores it; the same fields as ActivityDocument. */
export type ActivityDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof activitySchemaLiteral>
>

/** RxDB schema of the local activities collection (read-only replication). */
export const activitySchema: RxJsonSchema<ActivityDocType> = activitySchemaLiteral
