import { WRITABLE_FIELDS } from './rx/writable-fields.ts'
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

/** The values a person wrote, by field, as a refusal keeps them for them to copy. */
export type RefusedValues = Record<string, unknown>

/**
 * One refused write as the list shows it. `userName` is absent when the person is gone.
 * `values`: what the person wrote (the collection's writable fields), so nothing they
 * typed is lost with the refusal. `isOnDevice`: kept on this device only (never reached
 * the server: made before a restore, or refused whole for want of a right).
 */
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
  values?: RefusedValues
  isOnDevice?: boolean
}

/** The writable fields of a pushed document (what its person wrote), in the collection's order. */
export function pickRefusedValues(
  collection: string,
  document: Record<string, unknown> | null | undefined,
): RefusedValues {
  const fields: readonly string[] =
    WRITABLE_FIELDS[collection as keyof typeof WRITABLE_FIELDS] ?? []
  if (!document) return {}
  return Object.fromEntries(
    fields
      .filter((field) => document[field] !== undefined)
      .map((field) => [field, document[field]]),
  )
}
