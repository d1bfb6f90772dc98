import type { SyncArea } from '../account.ts'
import { formatSyncAccount } from '../account.ts'

/** A person of one area: whose local database, queued call or session this is. */
export type AreaAccount = { area: SyncArea; organisationId: string; userId: string }

// Who this page knows to be signed in, per area: set by the session layer the moment it
// learns of a change, before React has closed the previous person's database.
const signedIn = new Map<SyncArea, string | null>()
const listeners = new Set<(area: SyncArea) => void>()

/** Records who is signed in to an area on this page (null: nobody). */
export function setSignedInAccount(
  area: SyncArea,
  account: { organisationId: string; userId: string } | null,
): void {
  const next = account ? formatSyncAccount(account) : null
  if (signedIn.get(area) === next) return
  signedIn.set(area, next)
  for (const listener of listeners) listener(area)
}

/**
 * A person as both areas' user endpoints answer them (GET /api/auth/user, GET
 * /api/gold-estates/auth/user) and as a page remembers them for opening offline. The
 * organisation's id keeps its American spelling there: web clients of an older version,
 * still installed, and users remembered by one read it (decision 020). Read it only
 * through getSessionAccount.
 */
export type SessionUser = { id: string; organizationId: string }

/** Whether a remembered value is a session answer's person. */
export function isSessionUser(value: unknown): value is SessionUser {
  const user = value as Partial<SessionUser> | null
  return typeof user?.id === 'string' && typeof user.organizationId === 'string'
}

/** The account (organisation and user) a session answer's person is. */
export function getSessionAccount(user: SessionUser): { organisationId: string; userId: string } {
  return { organisationId: user.organizationId, userId: user.id }
}

/** Records the person a session answer names (its user row), or nobody. */
export function setSignedInUser(area: SyncArea, user: SessionUser | null): void {
  setSignedInAccount(area, user && getSessionAccount(user))
}

/** The signed-in account of an area as `<organisationId>/<userId>`; undefined: not known yet. */
export function getSignedInAccount(area: SyncArea): string | null | undefined {
  return signedIn.get(area)
}

/**
 * Whether a call for `account` may be sent from this page now. A page that has not learnt
 * who is signed in yet (or replication outside a browser) leaves it to the server, which
 * refuses a call naming another account than its session's.
 */
export function isSignedInAs(area: SyncArea, account: { organisationId: string; userId: string }) {
  return !signedIn.has(area) || signedIn.get(area) === formatSyncAccount(account)
}

/** Hears every change of who is signed in; returns the unsubscribe function. */
export function onSignedInAccountChange(listener: (area: SyncArea) => void): () => void {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
