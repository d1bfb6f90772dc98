import { activities } from '#schema/db/organisation'
import { toActivityDocument } from '#server/services/activities/to-activity-document'
import { defineTableCollection } from '../define-table-collection.ts'

/** The activity log: read-only for clients (no write). */
export const activitiesCollection = defineTableCollection({
  name: 'activities',
  table: activities,
  readPermission: 'activities.read',
  toDocument: toActivityDocument,
})
