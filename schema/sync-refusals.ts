import { z } from './zod.ts'

// Replicated writes the server refused (docs/architecture.md, Replication): kept in the organisation's
// sync_queue with their reason, so that they can be found after the device forgot them.

/** Most refusals one list answers with, newest first. */
export const SYNC_REFUSALS_LIMIT = 100

/** What a refused write did on the device. */
export const SYNC_OPERATIONS = ['create', 'update', 'delete'] as const
export type SyncOperation = (typeof SYNC_OPERATIONS)[number]

/**
 * The field of a pushed document that names it for a person, per collection; a
 * collection without one is named by its id.
 */
export const SYNC_LABEL_FIELDS: Readonly<Record<string, string>> = {
  users: 'name',
  appConnections: 'name',
  projects: 'name',
  sellers: 'name',
  sales: 'clientName',
}

/** GET /api/sync-refusals?scope= (and the sales area's): own refusals, or everyone's. */
export const SyncRefusalQuerySchema = z.object({
  scope: z.enum(['own', 'organisation']).default('own'),
})
export type SyncRefusalScope = z.infer<typeof SyncRefusalQuerySchema>['scope']

/** One refused write as the list shows it. `userName` is absent when the person is gone. */
export type SyncRefusal = {
  id: string
  collection: string
  operation: SyncOperation
  entityId: string
  label: string
  reason: string
  createdAt: number
  userId: string
  userName?: string
}
