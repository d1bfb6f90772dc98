import { SESSION_MAX_AGE_MS } from '#schema/constants'
import type { AccountKind, SessionData } from '#schema/db/system'
import { generateToken, hashToken } from '../auth/tokens.ts'
import type { AccountKey, SystemDirectory } from './system-directory.ts'

// A session's lifetime, the same on either engine: the directory stores, this decides.
// A session unused for this long ends; one used in its second half is extended to a full
// term again (sliding expiry)...
export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000
export const RENEW_BEFORE_MS = SESSION_TTL_MS / 2
// ...but never past SESSION_MAX_AGE_MS from the sign-in, however busy it is (an open event
// stream keeps using it).

/** A live session as a request sees it; `isRenewed`: the cookie must carry the new expiry. */
export type LiveSession = { data: SessionData; expire: number; isRenewed: boolean }

/**
 * A session cookie a call carries: its token, and the live session it opens (or null).
 * The call's guard marks what the call did with it: `isUsed` (the call acted under it, so
 * a renewal that was due is written) or `isEnded` (its person may no longer act).
 */
export type RequestSession = {
  token: string
  live: LiveSession | null
  isUsed?: boolean
  isEnded?: boolean
}

/** The sessions of a call, by kind: absent when it carries no such cookie. */
export type RequestSessions = Partial<Record<AccountKind, RequestSession>>

/**
 * Opens a session and returns its token; only the token's hash is stored. `createdAt` is
 * the sign-in's moment, now unless a switch of organisation carries it over (the absolute
 * lifetime counts from the password, not from the switch).
 */
export async function openSession(
  directory: SystemDirectory,
  data: Omit<SessionData, 'createdAt'> & { createdAt?: number },
  now = Date.now(),
): Promise<{ token: string; expire: number }> {
  const token = generateToken()
  const signedInAt = data.createdAt ?? now
  const expire = Math.min(now + SESSION_TTL_MS, signedInAt + SESSION_MAX_AGE_MS)
  await directory.insertSession({
    sid: hashToken(token),
    data: { ...data, createdAt: signedInAt },
    expire,
  })
  return { token, expire }
}

/**
 * The live session of `kind` for a token, extended when due; null when unknown, of the
 * other kind, expired, past its absolute lifetime, or no longer backed by its
 * login-directory entry (the account moved, was deleted or restored away). A dead one is
 * deleted on the way. The session's user and organisation are the directory's columns.
 * With `isRenewing: false` a session due for renewal is answered with its new expiry and
 * `isRenewed`, and left for the caller to extend (renewSession) once it is used.
 */
export async function readLiveSession(
  directory: SystemDirectory,
  token: string,
  kind: AccountKind,
  now = Date.now(),
  { isRenewing = true } = {},
): Promise<LiveSession | null> {
  const sid = hashToken(token)
  const stored = await directory.findSession(sid)
  if (!stored || stored.data.kind !== kind) return null
  const endOfLife = stored.data.createdAt + SESSION_MAX_AGE_MS
  if (!stored.isListed || stored.expire <= now || endOfLife <= now) {
    await directory.deleteSession(sid)
    return null
  }
  const { provenAccounts } = stored.data
  const data: SessionData = {
    kind,
    userId: stored.data.userId,
    organisationId: stored.data.organisationId,
    createdAt: stored.data.createdAt,
    ...(provenAccounts && { provenAccounts }),
  }
  if (stored.expire - now < RENEW_BEFORE_MS && stored.expire < endOfLife) {
    const expire = Math.min(now + SESSION_TTL_MS, endOfLife)
    if (isRenewing) await renewSession(directory, token, expire)
    return { data, expire, isRenewed: true }
  }
  return { data, expire: stored.expire, isRenewed: false }
}

/** Extends a session to `expire` (a renewal readLiveSession left to its caller). */
export function renewSession(directory: SystemDirectory, token: string, expire: number) {
  return directory.extendSession(hashToken(token), expire)
}

/**
 * Ends one session of `kind`: the kind of the cookie the token came in. A token of the
 * other kind in that cookie ends nothing (a central token sent as the sales cookie must not
 * end the central session).
 */
export function endSession(directory: SystemDirectory, token: string, kind: AccountKind) {
  return directory.deleteSession(hashToken(token), kind)
}

/** Ends every session of one account, or all but the one of `exceptToken`. */
export function endAccountSessions(
  directory: SystemDirectory,
  account: AccountKey,
  options: { exceptToken?: string } = {},
) {
  const exceptSid = options.exceptToken ? hashToken(options.exceptToken) : undefined
  return directory.deleteAccountSessions(account, { exceptSid })
}
