import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

// system.sqlite holds only what must be found before an organisation is known.
// Everything of an organisation, its users and password hashes included, lives in
// its own file (organisation.ts), so that one file is a complete backup.
// As there, the SQL names keep their American spelling (the organisations table's own
// name, the columns organization_id): no migration (decision 020).

/** Tenants. */
export const organisations = sqliteTable('organizations', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  plan: text().notNull().default('free'),
  status: text().notNull().default('active'),
  branding: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  settings: text({ mode: 'json' }).$type<Record<string, unknown>>().notNull().default({}),
  createdAt: integer().notNull(),
  /**
   * When a backup was last restored into the organisation (epoch ms): its epoch. Devices
   * send the epoch their data belongs to; what they made in an earlier one is refused.
   */
  restoredAt: integer(),
})

/** The columns of an organisation that a SUPERADMIN's organisation list shows. */
export const organisationSummary = {
  id: organisations.id,
  name: organisations.name,
  slug: organisations.slug,
  plan: organisations.plan,
  status: organisations.status,
  createdAt: organisations.createdAt,
}

/** Account kinds in the login directory: central admin users and Gold Estates sales users. */
export type AccountKind = 'central' | 'sales'

/**
 * E-mail → organisation index for sign-in. An address is unique per kind within one
 * organisation, not across them: one person may hold accounts in several organisations.
 * A Gold Estates account opened by LAUNCH APP is keyed `launch:<central user id>`, not by
 * an address (launchKeyOf). Rebuilt from the organisation files after a restore, so it
 * must never hold anything those files do not.
 */
export const loginDirectory = sqliteTable(
  'login_directory',
  {
    email: text().notNull(),
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    /** The OpenID Connect subject linked to this account, for SSO sign-in. */
    oidcSubject: text(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.kind, table.organisationId] }),
    index('login_directory_org').on(table.organisationId),
    index('login_directory_user').on(table.userId),
    uniqueIndex('login_directory_oidc_subject').on(table.oidcSubject),
  ],
)

/** The directory key of the Gold Estates account LAUNCH APP opens for a central user. */
export function launchKeyOf(centralUserId: string) {
  return `launch:${centralUserId}`
}

/**
 * An account a sign-in's password matched: where it lives, and a digest of the stored hash
 * it matched (an account whose password changed since is no longer proven).
 */
export type ProvenAccount = { organisationId: string; userId: string; passwordDigest: string }

/** The JSON held in sessions.sess. */
export type SessionData = {
  kind: AccountKind
  userId: string
  organisationId: string
  createdAt: number
  /**
   * The accounts the sign-in's password matched in several organisations, the session's own
   * among them: those "Wissel van organisatie" may open without the password (decision 028).
   */
  provenAccounts?: ProvenAccount[]
}

/** Sessions by the SHA-256 of their token; the token itself is never stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: text({ mode: 'json' }).$type<SessionData>().notNull(),
    expire: integer().notNull(),
    userId: text().notNull(),
    organisationId: text('organization_id').notNull(),
    kind: text().$type<AccountKind>().notNull(),
  },
  (table) => [
    index('sessions_user').on(table.userId),
    index('sessions_org').on(table.organisationId),
    index('sessions_expire').on(table.expire),
  ],
)

/** Setup-token hash → the organisation and user it was issued for. */
export const setupTokens = sqliteTable(
  'setup_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
    /**
     * The link went only to the account's address, by SMTP (an invitation mail), never to
     * an administrator's screen: a password set through it proves the address (addressProofs).
     */
    mailed: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (table) => [index('setup_tokens_user').on(table.userId)],
)

/**
 * Password-reset links by the SHA-256 of their token (the token is only in the mail): one
 * account each, single use, valid for an hour, and dead once the password it was issued
 * against has changed (`passwordFingerprint`, the SHA-256 of that hash).
 */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    passwordFingerprint: text().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
    /** Sent by SMTP (not kept for the outbox page): using it proves the address. */
    mailed: integer({ mode: 'boolean' }).notNull().default(false),
  },
  (table) => [index('password_reset_tokens_user').on(table.userId)],
)

/**
 * Accounts whose holder proved their address (decision 033): they set the password they
 * have now through a link that was mailed to that address by SMTP (an invitation or a
 * reset). `passwordFingerprint` is the SHA-256 of that hash: a password set another way
 * since (an administrator's held link, a restore) is no longer proven. Kept beside, not
 * in, the login directory, which a restore rebuilds from the organisation's file.
 */
export const addressProofs = sqliteTable(
  'address_proofs',
  {
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    email: text().notNull(),
    passwordFingerprint: text().notNull(),
    provenAt: integer().notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.organisationId, table.userId] }),
    index('address_proofs_email').on(table.email, table.kind),
  ],
)

/** Where an outgoing mail stands: waiting or retrying, sent, given up, or kept (no SMTP). */
export type MailStatus = 'pending' | 'sent' | 'failed' | 'kept'

/** What a mail is about (the outbox page names it). */
export type MailKind =
  | 'password-reset'
  | 'test'
  | 'invitation'
  | 'registration'
  | 'registration-attempt'
  | 'address-change'
  | 'address-change-notice'
  | 'registration-waiting'
  | 'organisation-restored'
  | 'backup-failed'
  | 'monthly-statement'
  /** A Gold Estates notification kept without SMTP_URL (its row waits in the organisation's file). */
  | 'notification'

/**
 * Sign-in mail waiting to go out, written in the same transaction as what causes it and
 * sent after commit by server/jobs/deliver-mail.ts. `content` is the rendered mail (HTML
 * and text), sealed with the installation's secret box because it may hold a link; it is
 * erased once the mail is sent. `messageId` is the Message-ID every attempt carries.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text().primaryKey(),
    messageId: text().notNull().unique(),
    kind: text().$type<MailKind>().notNull(),
    recipient: text().notNull(),
    subject: text().notNull(),
    content: text(),
    status: text().$type<MailStatus>().notNull(),
    attempts: integer().notNull().default(0),
    nextAttemptAt: integer().notNull(),
    lastError: text(),
    createdAt: integer().notNull(),
    sentAt: integer(),
    /**
     * One mail per cause where a scheduled job could queue it twice (two processes, a
     * restart): `monthly-statement:<organisation>:<seller>:<month>`. Null for the rest.
     */
    dedupeKey: text().unique(),
  },
  (table) => [
    index('mail_outbox_due').on(table.status, table.nextAttemptAt),
    index('mail_outbox_created').on(table.createdAt),
  ],
)

/**
 * A change of one's own sign-in address waiting for its confirmation link (the token only
 * in the mail to the new address, stored as its SHA-256): single use, valid for a day.
 */
export const emailChangeTokens = sqliteTable(
  'email_change_tokens',
  {
    tokenHash: text().primaryKey(),
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    newEmail: text().notNull(),
    expiresAt: integer().notNull(),
    usedAt: integer(),
    createdAt: integer().notNull(),
  },
  (table) => [index('email_change_tokens_user').on(table.userId)],
)

/**
 * Addresses a mail server refused for good (a 5xx during the SMTP conversation), with the
 * server's words: the administrator sees them beside the user. A later delivery to the
 * address, or the user's change to another address, clears the row.
 */
export const mailBounces = sqliteTable('mail_bounces', {
  email: text().primaryKey(),
  reason: text().notNull(),
  at: integer().notNull(),
})

/**
 * Notification mails of an organisation's file (notification_outbox) that went out, kept
 * here so that a restore of an older copy of that file, in which they still wait, never
 * sends them again (server/jobs/deliver-organisation-mail.ts).
 */
export const mailSent = sqliteTable(
  'mail_sent',
  {
    outboxId: text().primaryKey(),
    organisationId: text('organization_id').notNull(),
    messageId: text().notNull(),
    sentAt: integer().notNull(),
  },
  (table) => [index('mail_sent_at').on(table.sentAt)],
)

/**
 * Which machine holds an organisation's file, with several machines (README, Two machines;
 * decision 048): part of the system directory (decision 047), here or on PostgreSQL. An
 * organisation without a row is on HOME_MACHINE. Written by `npm run organisation:move`.
 */
export const organisationPlacements = sqliteTable('organisation_placements', {
  // No foreign key to the organisations: with DATABASE_URL both are PostgreSQL's (decision
  // 047) and this file's tables of them stay empty.
  organisationId: text('organization_id').primaryKey(),
  machine: text().notNull(),
  placedAt: integer().notNull(),
})
