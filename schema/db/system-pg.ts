import { bigint, index, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core'
import type { AccountKind, SessionData } from './system.ts'

// The system directory's tables on PostgreSQL (decision 047): the same tables, names and
// columns as system.ts's on SQLite, in drizzle's PostgreSQL dialect, which is a separate
// definition. Moments are epoch milliseconds in bigint (past a 32-bit integer), read back as
// JavaScript numbers (exact to 2^53); JSON is jsonb. Only the directory's tables and the
// machines' placements are here: the tokens, address proofs and mail tables stay in the
// SQLite file until their callers move (the decision lists them).

const epochMs = () => bigint({ mode: 'number' })

/** Tenants. */
export const organisations = pgTable('organizations', {
  id: text().primaryKey(),
  name: text().notNull(),
  slug: text().notNull().unique(),
  plan: text().notNull().default('free'),
  status: text().notNull().default('active'),
  branding: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  createdAt: epochMs().notNull(),
  restoredAt: epochMs(),
})

/** The columns of an organisation that a SUPERADMIN's organisation list shows; as system.ts's. */
export const organisationSummary = {
  id: organisations.id,
  name: organisations.name,
  slug: organisations.slug,
  plan: organisations.plan,
  status: organisations.status,
  createdAt: organisations.createdAt,
}

/** E-mail (or LAUNCH APP key) → an account of an organisation; as system.ts's. */
export const loginDirectory = pgTable(
  'login_directory',
  {
    email: text().notNull(),
    kind: text().$type<AccountKind>().notNull(),
    organisationId: text('organization_id').notNull(),
    userId: text().notNull(),
    oidcSubject: text(),
  },
  (table) => [
    primaryKey({ columns: [table.email, table.kind, table.organisationId] }),
    index('login_directory_org').on(table.organisationId),
    index('login_directory_user').on(table.userId),
    uniqueIndex('login_directory_oidc_subject').on(table.oidcSubject),
  ],
)

/** Sessions by the SHA-256 of their token; as system.ts's. */
export const sessions = pgTable(
  'sessions',
  {
    sid: text().primaryKey(),
    sess: jsonb().$type<SessionData>().notNull(),
    expire: epochMs().notNull(),
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

/** Which machine holds an organisation's file (decision 048); none: the home machine. As system.ts's. */
export const organisationPlacements = pgTable('organisation_placements', {
  organisationId: text('organization_id').primaryKey(),
  machine: text().notNull(),
  placedAt: epochMs().notNull(),
})
