import {
  and,
  type Column,
  eq,
  inArray,
  ne,
  notInArray,
  type SQLWrapper,
  sql,
  type Table,
} from 'drizzle-orm'
import { type AccountKind, launchKeyOf, type SessionData } from '#schema/db/system'
import { ofAccount } from '../db/of-account.ts'
import type { AccountKey, DirectoryEntry, StoredSession } from './system-directory.ts'

// What the two engines' queries share (decision 047): their conditions, the values they
// write and the mapping of what they read. drizzle renders a condition in either dialect, so
// each engine writes only its own queries around these, and where the dialects differ
// (ordering, the epoch's arithmetic, batches) its own SQL.

type EntryTable = Table & {
  email: Column
  kind: Column
  organisationId: Column
  userId: Column
  oidcSubject: Column
}
type OrganisationTable = Table & { id: Column; name: Column }
type SessionTable = Table & {
  sid: Column
  kind: Column
  organisationId: Column
  userId: Column
}

/** The address as the login directory keys it: trimmed, lower case. */
const normalised = (email: string) => email.trim().toLowerCase()

/** The parts of the system directory's queries over one engine's tables. */
export function directoryQueryParts<
  E extends EntryTable,
  O extends OrganisationTable,
  S extends SessionTable,
>(tables: { loginDirectory: E; organisations: O; sessions: S }) {
  const { loginDirectory, organisations, sessions } = tables
  const byAddress = (kind: AccountKind, email: string) =>
    and(eq(loginDirectory.email, normalised(email)), eq(loginDirectory.kind, kind))
  return {
    /** The session row's values: its owner's columns, the truth, beside the JSON copy. */
    sessionRow: (session: { sid: string; data: SessionData; expire: number }) => {
      const { userId, organisationId, kind } = session.data
      return {
        sid: session.sid,
        sess: session.data,
        expire: session.expire,
        userId,
        organisationId,
        kind,
      }
    },
    /** The session's account still has its login-directory entry (read beside the session). */
    isSessionListed: () => {
      const sameAccount = ofAccount(loginDirectory, sessions)
      return sql`exists (select 1 from ${loginDirectory} where ${sameAccount})`.mapWith(Boolean)
    },
    /** One session; with `kind`, only if it is of that kind. */
    session: (sid: string | SQLWrapper, kind?: AccountKind) =>
      and(eq(sessions.sid, sid), kind ? eq(sessions.kind, kind) : undefined),
    /** Every session of one account, or all but `exceptSid`. */
    accountSessions: (account: AccountKey, exceptSid?: string) =>
      and(ofAccount(sessions, account), exceptSid ? ne(sessions.sid, exceptSid) : undefined),
    /** What a choice of organisations or a mail names of one. */
    organisationName: { id: organisations.id as O['id'], name: organisations.name as O['name'] },
    /** These organisations, each once. */
    organisationsIn: (ids: readonly string[]) => inArray(organisations.id, [...new Set(ids)]),
    /** The entry of one account. */
    entryOf: (account: AccountKey) => ofAccount(loginDirectory, account),
    /** The entries of `kind` with this address in these organisations. */
    entriesIn: (kind: AccountKind, email: string, organisationIds: string[]) =>
      and(byAddress(kind, email), inArray(loginDirectory.organisationId, organisationIds)),
    /** The entries of `kind` with this address in any but these organisations. */
    entriesBeyond: (kind: AccountKind, email: string, organisationIds: string[]) =>
      and(
        byAddress(kind, email),
        organisationIds.length
          ? notInArray(loginDirectory.organisationId, organisationIds)
          : undefined,
      ),
    /** The entry of `kind` with this address in one organisation. */
    entryIn: (kind: AccountKind, email: string, organisationId: string) =>
      and(byAddress(kind, email), eq(loginDirectory.organisationId, organisationId)),
    /** The entries of the account's kind and user id in other organisations than its own. */
    othersOf: (account: AccountKey) =>
      and(
        eq(loginDirectory.userId, account.userId),
        eq(loginDirectory.kind, account.kind),
        ne(loginDirectory.organisationId, account.organisationId),
      ),
    /** The central entry of this address in one organisation (already lower case). */
    centralEntry: (entry: { organisationId: string; email: string }) =>
      and(
        eq(loginDirectory.email, entry.email),
        eq(loginDirectory.kind, 'central'),
        eq(loginDirectory.organisationId, entry.organisationId),
      ),
    /** The LAUNCH APP entry of a central user: its key names the sales account it opens. */
    launchEntry: (organisationId: string, centralUserId: string, salesUserId: string) => ({
      email: launchKeyOf(centralUserId),
      kind: 'sales' as const,
      organisationId,
      userId: salesUserId,
    }),
    /** The preferred organisations findEntries reads first: each once, at most `limit`. */
    wantedOrganisations: (preferred: readonly string[], limit: number) =>
      [...new Set(preferred)].slice(0, limit),
    /** The preferred organisations' entries in their order, then the others as read. */
    preferredFirst: <T extends DirectoryEntry>(first: T[], rest: T[], wanted: string[]) => [
      ...first.toSorted(
        (a, b) => wanted.indexOf(a.organisationId) - wanted.indexOf(b.organisationId),
      ),
      ...rest,
    ],
    /** An entry's key: one address has one entry of a kind in an organisation. */
    entryKey: [loginDirectory.email, loginDirectory.kind, loginDirectory.organisationId] as [
      E['email'],
      E['kind'],
      E['organisationId'],
    ],
  }
}

/**
 * A session row as both engines read it, with whether its account is still listed: its
 * owner's columns (the truth) over the JSON copy; null when there is none.
 */
export function toStoredSession(
  row:
    | {
        session: Pick<SessionData, 'kind' | 'userId' | 'organisationId'> & {
          sess: SessionData
          expire: number
        }
        listed: boolean
      }
    | undefined,
): StoredSession | null {
  if (!row) return null
  const { session } = row
  return {
    data: {
      ...session.sess,
      kind: session.kind,
      userId: session.userId,
      organisationId: session.organisationId,
    },
    expire: session.expire,
    isListed: row.listed,
  }
}
