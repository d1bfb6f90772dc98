import type { AccountKind, SessionData } from '#schema/db/system'

// What the server asks of the system directory: the sessions, the organisations and the
// login directory (which account of which organisation an address or an SSO subject
// opens: its placements). One asynchronous interface, so the same callers run on the
// embedded SQLite file and on a PostgreSQL server shared by several machines (decision
// 047). Its operations are those the callers make, not a generic table access: each
// implementation answers them in as few round trips as it can.

/** An organisation as the system directory keeps it (a row of its table of organisations). */
export type OrganisationRecord = {
  id: string
  name: string
  slug: string
  plan: string
  status: string
  branding: Record<string, unknown>
  settings: Record<string, unknown>
  createdAt: number
  /** When a backup was last restored into it (epoch ms), null when never: its epoch. */
  restoredAt: number | null
}

/** What a SUPERADMIN's organisation list shows. */
export type OrganisationSummary = Pick<
  OrganisationRecord,
  'id' | 'name' | 'slug' | 'plan' | 'status' | 'createdAt'
>

/** An organisation as a choice of organisations or a mail names it. */
export type OrganisationName = Pick<OrganisationRecord, 'id' | 'name'>

/**
 * A login-directory entry: an account of `kind` in one organisation, found by `email` (an
 * address, lower case; or a LAUNCH APP key, launchKeyOf) or by its linked SSO subject.
 */
export type DirectoryEntry = {
  email: string
  kind: AccountKind
  organisationId: string
  userId: string
  oidcSubject: string | null
}

/** Which machine holds an organisation's file, since when (epoch ms). */
export type Placement = { organisationId: string; machine: string; placedAt: number }

/** One account: ids are unique within an organisation only, so every key names all three. */
export type AccountKey = { kind: AccountKind; organisationId: string; userId: string }

/** A stored session: its owner's columns (not the JSON copy) say whose it is. */
export type StoredSession = {
  data: SessionData
  expire: number
  /** The account still has its login-directory entry (not moved, deleted, restored away). */
  isListed: boolean
}

export interface SystemDirectory {
  readonly engine: 'sqlite' | 'postgres'

  // Sessions, by `sid`: the SHA-256 of the token (hashToken); the token is never stored.
  insertSession(session: { sid: string; data: SessionData; expire: number }): Promise<void>
  /** The session and whether its account is still listed, in one read; null when unknown. */
  findSession(sid: string): Promise<StoredSession | null>
  extendSession(sid: string, expire: number): Promise<void>
  /** Ends one session; with `kind`, only if it is of that kind. */
  deleteSession(sid: string, kind?: AccountKind): Promise<void>
  /** Ends every session of one account, or all but `exceptSid`. */
  deleteAccountSessions(account: AccountKey, options?: { exceptSid?: string }): Promise<void>
  deleteOrganisationSessions(organisationId: string): Promise<void>
  /** Removes the sessions that expired before `now`. */
  deleteExpiredSessions(now: number): Promise<void>

  // Organisations.
  /** Registers an organisation; null (nothing written) when its id or slug is taken. */
  createOrganisation(input: {
    id: string
    name: string
    slug: string
    createdAt: number
  }): Promise<OrganisationRecord | null>
  findOrganisation(id: string): Promise<OrganisationRecord | null>
  findOrganisationBySlug(slug: string): Promise<OrganisationRecord | null>
  /** The id and name of each of these organisations that exists, in no set order. */
  findOrganisationNames(ids: readonly string[]): Promise<OrganisationName[]>
  /** Every organisation, by name (the Organisaties list). */
  listOrganisations(): Promise<OrganisationSummary[]>
  /** Every organisation's id (the scheduled jobs' rounds). */
  listOrganisationIds(): Promise<string[]>
  renameOrganisation(id: string, name: string): Promise<void>
  /**
   * Starts a new epoch after a restore: later than `now` and than the one before (even
   * within a millisecond), set in one statement. Returns it; null for an unknown organisation.
   */
  startOrganisationEpoch(id: string, now: number): Promise<number | null>

  // The login directory (placements of accounts in organisations).
  /**
   * Entries of `kind` with this address (trimmed, lower-cased here): those of the
   * `preferred` organisations first, then the others by organisation id, at most `limit`
   * of the others.
   */
  findEntries(
    kind: AccountKind,
    email: string,
    options: { preferred?: readonly string[]; limit: number },
  ): Promise<DirectoryEntry[]>
  findEntryIn(
    kind: AccountKind,
    email: string,
    organisationId: string,
  ): Promise<DirectoryEntry | null>
  findEntryBySubject(oidcSubject: string): Promise<DirectoryEntry | null>
  isListed(account: AccountKey): Promise<boolean>
  /**
   * Another organisation than the account's whose entry of its kind names its user id (ids
   * are unique within an organisation only: a restore must not bring in another's); null
   * when there is none.
   */
  findOtherOrganisationOf(account: AccountKey): Promise<string | null>
  /** Places an account; rejects when its address already has an entry of the kind there. */
  addEntry(
    entry: Omit<DirectoryEntry, 'oidcSubject'> & { oidcSubject?: string | null },
  ): Promise<void>
  /** The LAUNCH APP entry of a central user (launchKeyOf) names this sales account. */
  putLaunchEntry(organisationId: string, centralUserId: string, salesUserId: string): Promise<void>
  /** The account's entry moves to another address (its own change, or an administrator's). */
  changeEntryEmail(account: AccountKey, email: string): Promise<void>
  /** Links an SSO subject to the central entry of this address in this organisation. */
  linkSubject(entry: { organisationId: string; email: string }, oidcSubject: string): Promise<void>
  removeEntry(account: AccountKey): Promise<void>
  /**
   * Replaces an organisation's entries (a restore rebuilds them from its file), in one
   * transaction; of two entries with one key, the first is kept. Other organisations'
   * entries stay as they are.
   */
  replaceOrganisationEntries(organisationId: string, entries: DirectoryEntry[]): Promise<void>

  // Placements: the machine that holds an organisation's file (decision 048). An
  // organisation without one is on the home machine.
  /** Every placement (a machine's organisations, HAProxy's map). */
  listPlacements(): Promise<Placement[]>
  /** The machine placed for the organisation; null when none (the home machine). */
  findPlacement(organisationId: string): Promise<string | null>
  /** Places the organisation on `machine` (replacing its placement). */
  placeOrganisation(organisationId: string, machine: string, placedAt: number): Promise<void>

  close(): Promise<void>
}
