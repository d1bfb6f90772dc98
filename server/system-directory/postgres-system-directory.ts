import path from 'node:path'
import { eq, lt, sql } from 'drizzle-orm'
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres'
import { migrate } from 'drizzle-orm/node-postgres/migrator'
import type { AnyPgColumn } from 'drizzle-orm/pg-core'
import pg from 'pg'
import * as schema from '#schema/db/system-pg'
import { MIGRATIONS_ROOT } from '../db/migrations-root.ts'
import { directoryQueryParts, toStoredSession } from './directory-query-parts.ts'
import type { SystemDirectory } from './system-directory.ts'

const { loginDirectory, organisationPlacements, organisationSummary, organisations, sessions } =
  schema
type Db = NodePgDatabase<typeof schema>

// In the built server too (dist/test-server/migrations when the tests build it).
const migrationsFolder = path.join(MIGRATIONS_ROOT, 'system-pg')

// Any fixed number: the key of the advisory lock under which one process at a time
// migrates, so two machines starting together do not both create the tables.
const MIGRATION_LOCK = 470_047

// Ordered byte by byte, as SQLite does: the database's collation (en_US and the like) would
// sort "beta" before "Alpha" on one engine and after it on the other.
const bytewise = (column: AnyPgColumn) => sql`${column} collate "C"`

// Rows per insert while rebuilding: five parameters each, well under PostgreSQL's 65,535.
const ENTRIES_PER_INSERT = 1000

const parts = directoryQueryParts({ loginDirectory, organisations, sessions })

/**
 * Opens the system directory on PostgreSQL (`DATABASE_URL`): a pool of node-postgres
 * connections, the tables made or brought up to date by its migrations before the first
 * query (server/db/migrations/system-pg, under an advisory lock).
 */
export async function openPostgresSystemDirectory(
  url: string,
  options: { maxConnections?: number } = {},
): Promise<SystemDirectory> {
  const pool = new pg.Pool({ connectionString: url, max: options.maxConnections ?? 10 })
  // A connection the server drops (a restart) must not end the process: the pool makes another.
  pool.on('error', () => {})
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  try {
    await migrateUnderLock(pool)
  } catch (error) {
    await pool.end()
    throw error
  }
  return createPostgresSystemDirectory(db, () => pool.end())
}

async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
    try {
      await migrate(drizzle({ client, casing: 'snake_case' }), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK])
    }
  } finally {
    client.release()
  }
}

function createPostgresSystemDirectory(db: Db, end: () => Promise<void>): SystemDirectory {
  return {
    engine: 'postgres',

    async insertSession(session) {
      await db.insert(sessions).values(parts.sessionRow(session))
    },
    async findSession(sid) {
      const [row] = await db
        .select({ session: sessions, listed: parts.isSessionListed() })
        .from(sessions)
        .where(parts.session(sid))
      return toStoredSession(row)
    },
    async extendSession(sid, expire) {
      await db.update(sessions).set({ expire }).where(eq(sessions.sid, sid))
    },
    async deleteSession(sid, kind) {
      await db.delete(sessions).where(parts.session(sid, kind))
    },
    async deleteAccountSessions(account, options = {}) {
      await db.delete(sessions).where(parts.accountSessions(account, options.exceptSid))
    },
    async deleteOrganisationSessions(organisationId) {
      await db.delete(sessions).where(eq(sessions.organisationId, organisationId))
    },
    async deleteExpiredSessions(now) {
      await db.delete(sessions).where(lt(sessions.expire, now))
    },

    async createOrganisation(input) {
      const [created] = await db
        .insert(organisations)
        .values(input)
        .onConflictDoNothing()
        .returning()
      return created ?? null
    },
    async findOrganisation(id) {
      const [row] = await db.select().from(organisations).where(eq(organisations.id, id))
      return row ?? null
    },
    async findOrganisationBySlug(slug) {
      const [row] = await db.select().from(organisations).where(eq(organisations.slug, slug))
      return row ?? null
    },
    async findOrganisationNames(ids) {
      if (ids.length === 0) return []
      return db.select(parts.organisationName).from(organisations).where(parts.organisationsIn(ids))
    },
    async listOrganisations() {
      return db
        .select(organisationSummary)
        .from(organisations)
        .orderBy(bytewise(organisations.name))
    },
    async listOrganisationIds() {
      const rows = await db.select({ id: organisations.id }).from(organisations)
      return rows.map((row) => row.id)
    },
    async renameOrganisation(id, name) {
      await db.update(organisations).set({ name }).where(eq(organisations.id, id))
    },
    async startOrganisationEpoch(id, now) {
      const [row] = await db
        .update(organisations)
        .set({
          restoredAt: sql`greatest(${now}::bigint, coalesce(${organisations.restoredAt}, 0) + 1)`,
        })
        .where(eq(organisations.id, id))
        .returning({ restoredAt: organisations.restoredAt })
      return row?.restoredAt ?? null
    },

    async findEntries(kind, email, { preferred = [], limit }) {
      const wanted = parts.wantedOrganisations(preferred, limit)
      const first = wanted.length
        ? await db
            .select()
            .from(loginDirectory)
            .where(parts.entriesIn(kind, email, wanted))
        : []
      const rest = await db
        .select()
        .from(loginDirectory)
        .where(parts.entriesBeyond(kind, email, wanted))
        .orderBy(bytewise(loginDirectory.organisationId))
        .limit(limit)
      return parts.preferredFirst(first, rest, wanted)
    },
    async findEntryIn(kind, email, organisationId) {
      const where = parts.entryIn(kind, email, organisationId)
      const [entry] = await db.select().from(loginDirectory).where(where)
      return entry ?? null
    },
    async findEntryBySubject(oidcSubject) {
      const where = eq(loginDirectory.oidcSubject, oidcSubject)
      const [entry] = await db.select().from(loginDirectory).where(where)
      return entry ?? null
    },
    async isListed(account) {
      const [row] = await db
        .select({ userId: loginDirectory.userId })
        .from(loginDirectory)
        .where(parts.entryOf(account))
      return !!row
    },
    async findOtherOrganisationOf(account) {
      const [row] = await db
        .select({ organisationId: loginDirectory.organisationId })
        .from(loginDirectory)
        .where(parts.othersOf(account))
        .limit(1)
      return row?.organisationId ?? null
    },
    async addEntry(entry) {
      await db.insert(loginDirectory).values(entry)
    },
    async putLaunchEntry(organisationId, centralUserId, salesUserId) {
      await db
        .insert(loginDirectory)
        .values(parts.launchEntry(organisationId, centralUserId, salesUserId))
        .onConflictDoUpdate({ target: parts.entryKey, set: { userId: salesUserId } })
    },
    async changeEntryEmail(account, email) {
      await db.update(loginDirectory).set({ email }).where(parts.entryOf(account))
    },
    async linkSubject(entry, oidcSubject) {
      await db.update(loginDirectory).set({ oidcSubject }).where(parts.centralEntry(entry))
    },
    async removeEntry(account) {
      await db.delete(loginDirectory).where(parts.entryOf(account))
    },
    async replaceOrganisationEntries(organisationId, entries) {
      await db.transaction(async (tx) => {
        await tx.delete(loginDirectory).where(eq(loginDirectory.organisationId, organisationId))
        // In order, so that of two entries with one key the first stays (the rest conflict).
        for (let start = 0; start < entries.length; start += ENTRIES_PER_INSERT) {
          const chunk = entries.slice(start, start + ENTRIES_PER_INSERT)
          await tx
            .insert(loginDirectory)
            .values(chunk.map((entry) => ({ ...entry, organisationId })))
            .onConflictDoNothing({ target: parts.entryKey })
        }
      })
    },

    async listPlacements() {
      return db.select().from(organisationPlacements)
    },
    async findPlacement(organisationId) {
      const [placed] = await db
        .select({ machine: organisationPlacements.machine })
        .from(organisationPlacements)
        .where(eq(organisationPlacements.organisationId, organisationId))
      return placed?.machine ?? null
    },
    async placeOrganisation(organisationId, machine, placedAt) {
      await db
        .insert(organisationPlacements)
        .values({ organisationId, machine, placedAt })
        .onConflictDoUpdate({
          target: organisationPlacements.organisationId,
          set: { machine, placedAt },
        })
    },

    close: end,
  }
}
