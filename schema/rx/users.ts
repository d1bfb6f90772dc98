import type { DeepMutable, ExtractDocumentTypeFromTypedRxJsonSchema, RxJsonSchema } from 'rxdb'
import { USER_ROLES, USER_STATUSES } from '../roles.ts'
import { ID, STAMP_KEYS, STAMPS } from './fields.ts'

const userSchemaLiteral = {
  title: 'users',
  description: 'The replicated projection of a central user (no secrets).',
  // v1: indexed by createdAt (the Groei card counts the users from before this month).
  version: 1,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: ID,
    name: { type: 'string', maxLength: 120 },
    email: { type: 'string', maxLength: 254 },
    role: { type: 'string', enum: USER_ROLES },
    status: { type: 'string', enum: USER_STATUSES, maxLength: 16 },
    lastActive: { type: ['number', 'null'] },
    ...STAMPS,
  },
  required: ['id', 'name', 'email', 'role', 'status', 'lastActive', ...STAMP_KEYS],
  // name for the list; status so the dashboard counts active users from the index alone;
  // createdAt so it counts those from before this month the same way.
  indexes: ['name', 'status', 'createdAt'],
  additionalProperties: false,
} as const

/** A user as the browser stores it; the same fields as UserDocument. */
export type UserDocType = ExtractDocumentTypeFromTypedRxJsonSchema<
  DeepMutable<typeof userSchemaLiteral>
>

/** RxDB schema of the local users collection. */
export const userSchema: RxJsonSchema<UserDocType> = userSchemaLiteral
