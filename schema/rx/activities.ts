import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { ACTIVITY_TYPES } from '../activity-types.ts'
import { ID, SEQ, TIMESTAMP } from './fields.ts'

const activitySchemaLiteral = {
  title: 'activities',
  description: 'The organisation activity log; written by the server only.',
  // v1: the type 'sale' (ACTIVITY_TYPES).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    type: { type: 'string', enum: ACTIVITY_TYPES },
    user: { type: 'string' },
    action: { type: 'string' },
    target: { type: ['string', 'null'] },
    timestamp: TIMESTAMP,
    updatedAt: TIMESTAMP,
    seq: SEQ,
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
