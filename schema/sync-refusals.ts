import { WRITABLE_FIELDS } from './rx/writable-fields.ts'
import { z } from './zod.ts'

// Replicated writes the server refused (docs/architecture.md, Replication): kept in the organisation's
// sync_queue with their reason, so that they can be found after the device forgot them.

/** Most refusals one list answers with, newest first. */
export const SYNC_REFUSALS_LIMIT = 100

/**
 * Most refusals the server keeps per person (the list's length): a newer one replaces the
 * oldest, so a device that floods the server with refused writes stores no more.
 */
export const SYNC_REFUSALS_PER_PERSON = SYNC_REFUSALS_LIMIT

/**
 * Most characters (as JSON) of the values kept with one refusal. Far above what the forms
 * accept (texts of at most a few thousand characters, 50 commission lines); beyond it a
 * text is cut and another value left out.
 */
export const REFUSED_VALUES_MAX_CHARS = 32_768

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

/**
 * What the server keeps of a refused write: the writable fields the person wrote
 * (pickRefusedValues, all the list shows), within REFUSED_VALUES_MAX_CHARS. The smaller
 * values are kept whole first; a text that does not fit then is cut to the room left,
 * any other value that does not fit is left out.
 */
export function keepRefusedValues(
  collection: string,
  document: Record<string, unknown> | null | undefined,
): RefusedValues {
  const picked = Object.entries(pickRefusedValues(collection, document))
  const sizeOf = (value: unknown) => JSON.stringify(value)?.length ?? 0
  const kept = new Map<string, unknown>()
  let room = REFUSED_VALUES_MAX_CHARS
  for (const [field, value] of [...picked].sort((a, b) => sizeOf(a[1]) - sizeOf(b[1]))) {
    const size = sizeOf(value)
    if (size <= room) {
      kept.set(field, value)
      room -= size
    } else if (typeof value === 'string' && room > 2) {
      // JSON escapes can make a character longer: cut until the text fits as JSON.
      let text = value.slice(0, room - 2)
      while (sizeOf(text) > room) text = text.slice(0, Math.floor(text.length * 0.9))
      kept.set(field, text)
      room -= sizeOf(text)
    }
  }
  // In the collection's order, as the list shows them.
  return Object.fromEntries(
    picked.filter(([field]) => kept.has(field)).map(([field]) => [field, kept.get(field)]),
  )
}
