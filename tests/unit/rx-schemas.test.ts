import { expect, test } from 'vitest'
import type { ActivityDocument, AppConnectionDocument, UserDocument } from '#schema/central'
import { type ActivityDocType, activitySchema } from '#schema/rx/activities'
import { type AppConnectionDocType, appConnectionSchema } from '#schema/rx/app-connections'
import { type UserDocType, userSchema } from '#schema/rx/users'
import { toActivityDocument } from '#server/services/activities/to-activity-document'
import { toAppConnectionDocument } from '#server/services/app-connections/to-app-connection-document'
import { toUserDocument } from '#server/services/users/to-user-document'

// The local document types, derived from the schema literals, are the server's documents.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameTypes: [
  Same<UserDocType, UserDocument>,
  Same<AppConnectionDocType, AppConnectionDocument>,
  Same<ActivityDocType, ActivityDocument>,
] = [true, true, true]

const row = { id: 'x', seq: 1, updatedAt: 1, deleted: false, organisationId: 'o', createdAt: 1 }

test('every field the server replicates is a required property of the local schema', () => {
  expect(sameTypes).toEqual([true, true, true])
  const documents = [
    [userSchema, toUserDocument({ ...row, name: 'n', email: 'e', role: 'USER' } as never)],
    [appConnectionSchema, toAppConnectionDocument({ ...row, name: 'n', url: 'u' } as never)],
    [activitySchema, toActivityDocument({ ...row, user: 'u', action: 'a', type: 'app' } as never)],
  ] as const
  for (const [schema, document] of documents) {
    expect([...(schema.required ?? [])].sort()).toEqual(Object.keys(document).sort())
    expect(Object.keys(schema.properties).sort()).toEqual(Object.keys(document).sort())
    // v1 of users (an index) and activities (the type 'sale') changed no field.
    expect(schema.version).toBe(schema === appConnectionSchema ? 0 : 1)
  }
})
