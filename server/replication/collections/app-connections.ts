import { AppConnectionCreateSchema, AppConnectionUpdateSchema } from '#schema/central'
import { appConnections } from '#schema/db/organisation'
import { WRITABLE_FIELDS } from '#schema/rx/writable-fields'
import { createAppConnection } from '#server/services/app-connections/create-app-connection'
import { deleteAppConnection } from '#server/services/app-connections/delete-app-connection'
import { toAppConnectionDocument } from '#server/services/app-connections/to-app-connection-document'
import { updateAppConnection } from '#server/services/app-connections/update-app-connection'
import { defineTableCollection } from '../define-table-collection.ts'

/** Connected external apps. */
export const appConnectionsCollection = defineTableCollection({
  name: 'appConnections',
  table: appConnections,
  readPermission: 'apps.read',
  toDocument: toAppConnectionDocument,
  writableFields: WRITABLE_FIELDS.appConnections,
  write: {
    create: (ctx, id, fields) =>
      void createAppConnection(ctx, AppConnectionCreateSchema.parse(fields), { id }),
    update: (ctx, id, changes) =>
      void updateAppConnection(ctx, id, AppConnectionUpdateSchema.parse(changes)),
    delete: (ctx, id) => void deleteAppConnection(ctx, id),
  },
})
