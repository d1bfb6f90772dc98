import type { SyncArea } from '#sync/account'
import { type AreaAccount, getSessionAccount, isSessionUser } from '#sync/client/signed-in-account'

/** localStorage key of the last signed-in Centraal user; the logout removes it. */
export const REMEMBERED_USER_KEY = 'centraal.currentUser'

/** localStorage key of the last Gold Estates user (the sales session layer remembers it). */
export const REMEMBERED_SALES_USER_KEY = 'centraal.salesUser'

/** The key under which each area's session layer remembers its last user. */
export const REMEMBERED_USER_KEYS: Record<SyncArea, string> = {
  central: REMEMBERED_USER_KEY,
  sales: REMEMBERED_SALES_USER_KEY,
}

/** What each area is called on the screens. */
export const AREA_NAMES: Record<SyncArea, string> = { central: 'Centraal', sales: 'Gold Estates' }

/**
 * The account an area's session layer last knew on this browser (kept until a logout or
 * a 401), or null: whose local database of that area is this person's.
 */
export function findRememberedAccount(area: SyncArea): AreaAccount | null {
  try {
    return parseRememberedAccount(area, localStorage.getItem(REMEMBERED_USER_KEYS[area]))
  } catch {
    return null
  }
}

/** The account in a remembered user's stored text (findRememberedAccount), or null. */
export function parseRememberedAccount(area: SyncArea, text: string | null): AreaAccount | null {
  try {
    const user: unknown = text ? JSON.parse(text) : null
    return isSessionUser(user) ? { area, ...getSessionAccount(user) } : null
  } catch {
    return null
  }
}

/**
 * Whether two areas' remembered users (their stored texts) are one person: the same
 * organisation and e-mail address (a launched Gold Estates account carries its Centraal
 * user's). On a shared browser another person's work of the other area is not theirs to
 * see or send.
 */
export function isSamePerson(one: string | null, other: string | null): boolean {
  const read = (text: string | null) => {
    try {
      const user: unknown = text ? JSON.parse(text) : null
      const email = (user as { email?: unknown } | null)?.email
      if (!isSessionUser(user) || typeof email !== 'string') return null
      return `${getSessionAccount(user).organisationId}/${email.toLowerCase()}`
    } catch {
      return null
    }
  }
  const person = read(one)
  return person !== null && person === read(other)
}
