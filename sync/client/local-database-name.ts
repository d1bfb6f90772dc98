import type { SyncArea } from '../account.ts'

// The names of the local databases, apart from RxDB: the screens of one area read the
// other area's unsent changes by name (unsent-notice.ts) before, or without, loading RxDB.

/** Prefix of every local database of this product (IndexedDB names start with rxdb-dexie-). */
export const LOCAL_DATABASE_PREFIX = 'centraal-'

/**
 * Prefix of the sales area's databases. The underscore never appears in a central name
 * (getLocalDatabaseName keeps only a-z, 0-9 and '-'), so one area's name never starts
 * like the other's.
 */
export const SALES_DATABASE_PREFIX = `${LOCAL_DATABASE_PREFIX}sales_`

const PREFIXES: Record<SyncArea, string> = {
  central: LOCAL_DATABASE_PREFIX,
  sales: SALES_DATABASE_PREFIX,
}

/** The database name of one (organisation, user) of an area, within RxDB's naming rules. */
export function getLocalDatabaseName(
  organisationId: string,
  userId: string,
  area: SyncArea = 'central',
): string {
  const clean = (part: string) => part.toLowerCase().replace(/[^a-z0-9]+/g, '-')
  return `${PREFIXES[area]}${clean(organisationId)}--${clean(userId)}`
}
