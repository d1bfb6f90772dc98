import { and, asc, eq, inArray, lt, ne, notInArray, sql } from 'drizzle-orm'
import {
  launchKeyOf,
  loginDirectory,
  organisationPlacements,
  organisationSummary,
  organisations,
  sessions,
} from '#schema/db/system'
import { prepareOnce } from '../db/prepare-once.ts'
import type { SystemDb } from '../db/system-db.ts'
import {
  type AccountKey,
  type DirectoryEntry,
  type SystemDirectory,
  toStoredSession,
} from './system-directory.ts'

const value = (name: string) => sql.placeholder(name)
const normalised = (email: string) => email.trim().toLowerCase()

const ofAccount = (account: AccountKey) =>
  and(
    eq(loginDirectory.kind, account.kind),
    eq(loginDirectory.organisationId, account.organisationId),
    eq(loginDirectory.userId, account.userId),
  )

// The read of every signed-in request, prepared once per connection: building a query
// with drizzle costs far more than running it. The entry's presence comes in the same read.
function sessionRead(db: SystemDb) {
  return prepareOnce(db, 'system-directory-session', () =>
    db
      .select({
        session: sessions,
        listed: sql<number>`exists (select 1 from ${loginDirectory} where ${and(
          eq(loginDirectory.userId, sessions.userId),
          eq(loginDirectory.organisationId, sessions.organisationId),
          eq(loginDirectory.kind, sessions.kind),
        )})`,
      })
      .from(sessions)
      .where(eq(sessions.sid, value('sid')))
      .prepare(),
  )
}

/**
 * The system directory on the embedded SQLite file, over today's tables, on the connection
 * the rest of the server uses (no schema change, no second connection). better-sqlite3 is
 * synchronous: each operation has run when its promise is made.
 */
export function createSqliteSystemDirectory(db: SystemDb): SystemDirectory {
  return {
    engine: 'sqlite',

    async insertSession({ sid, data, expire }) {
      const { userId, organisationId, kind } = data
      db.insert(sessions).values({ sid, sess: data, expire, userId, organisationId, kind }).run()
    },
    async findSession(sid) {
      const row = sessionRead(db).get({ sid })
      if (!row) return null
      return toStoredSession(row.session, row.listed === 1)
    },
    async extendSession(sid, expire) {
      db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run()
    },
    async deleteSession(sid, kind) {
      db.delete(sessions)
        .where(and(eq(sessions.sid, sid), kind ? eq(sessions.kind, kind) : undefined))
        .run()
    },
    async deleteAccountSessions(account, options = {}) {
      db.delete(sessions)
        .where(
          and(
            eq(sessions.userId, account.userId),
            eq(sessions.organisationId, account.organisationId),
            eq(sessions.kind, account.kind),
            options.exceptSid ? ne(sessions.sid, options.exceptSid) : undefined,
          ),
        )
        .run()
    },
    async deleteOrganisationSessions(organisationId) {
      db.delete(sessions).where(eq(sessions.organisationId, organisationId)).run()
    },
    async deleteExpiredSessions(now) {
      db.delete(sessions).where(lt(sessions.expire, now)).run()
    },

    async createOrganisation(input) {
      const created = db.insert(organisations).values(input).onConflictDoNothing().returning().get()
      return created ?? null
    },
    async findOrganisation(id) {
      return db.select().from(organisations).where(eq(organisations.id, id)).get() ?? null
    },
    async findOrganisationBySlug(slug) {
      return db.select().from(organisations).where(eq(organisations.slug, slug)).get() ?? null
    },
    async findOrganisationNames(ids) {
      if (ids.length === 0) return []
      return db
        .select({ id: organisations.id, name: organisations.name })
        .from(organisations)
        .where(inArray(organisations.id, [...new Set(ids)]))
        .all()
    },
    async listOrganisations() {
      return db
        .select(organisationSummary)
        .from(organisations)
        .orderBy(asc(organisations.name))
        .all()
    },
    async listOrganisationIds() {
      const rows = db.select({ id: organisations.id }).from(organisations).all()
      return rows.map((row) => row.id)
    },
    async renameOrganisation(id, name) {
      db.update(organisations).set({ name }).where(eq(organisations.id, id)).run()
    },
    async startOrganisationEpoch(id, now) {
      const row = db
        .update(organisations)
        .set({ restoredAt: sql`max(${now}, coalesce(${organisations.restoredAt}, 0) + 1)` })
        .where(eq(organisations.id, id))
        .returning({ restoredAt: organisations.restoredAt })
        .get()
      return row?.restoredAt ?? null
    },

    async findEntries(kind, email, { preferred = [], limit }) {
      const byAddress = and(
        eq(loginDirectory.email, normalised(email)),
        eq(loginDirectory.kind, kind),
      )
      const wanted = [...new Set(preferred)].slice(0, limit)
      const first = wanted.length
        ? db
            .select()
            .from(loginDirectory)
            .where(and(byAddress, inArray(loginDirectory.organisationId, wanted)))
            .all()
        : []
      first.sort((a, b) => wanted.indexOf(a.organisationId) - wanted.indexOf(b.organisationId))
      const rest = db
        .select()
        .from(loginDirectory)
        .where(
          and(
            byAddress,
            wanted.length ? notInArray(loginDirectory.organisationId, wanted) : undefined,
          ),
        )
        .orderBy(asc(loginDirectory.organisationId))
        .limit(limit)
        .all()
      return [...first, ...rest]
    },
    async findEntryIn(kind, email, organisationId) {
      const entry = db
        .select()
        .from(loginDirectory)
        .where(
          and(
            eq(loginDirectory.email, normalised(email)),
            eq(loginDirectory.kind, kind),
            eq(loginDirectory.organisationId, organisationId),
          ),
        )
        .get()
      return entry ?? null
    },
    async findEntryBySubject(oidcSubject) {
      const entry = db
        .select()
        .from(loginDirectory)
        .where(eq(loginDirectory.oidcSubject, oidcSubject))
        .get()
      return entry ?? null
    },
    async isListed(account) {
      return !!db
        .select({ userId: loginDirectory.userId })
        .from(loginDirectory)
        .where(ofAccount(account))
        .get()
    },
    async findOtherOrganisationOf(account) {
      const row = db
        .select({ organisationId: loginDirectory.organisationId })
        .from(loginDirectory)
        .where(
          and(
            eq(loginDirectory.userId, account.userId),
            eq(loginDirectory.kind, account.kind),
            ne(loginDirectory.organisationId, account.organisationId),
          ),
        )
        .get()
      return row?.organisationId ?? null
    },
    async addEntry(entry) {
      db.insert(loginDirectory).values(entry).run()
    },
    async putLaunchEntry(organisationId, centralUserId, salesUserId) {
      db.insert(loginDirectory)
        .values({
          email: launchKeyOf(centralUserId),
          kind: 'sales',
          organisationId,
          userId: salesUserId,
        })
        .onConflictDoUpdate({
          target: [loginDirectory.email, loginDirectory.kind, loginDirectory.organisationId],
          set: { userId: salesUserId },
        })
        .run()
    },
    async changeEntryEmail(account, email) {
      db.update(loginDirectory).set({ email }).where(ofAccount(account)).run()
    },
    async linkSubject(entry, oidcSubject) {
      db.update(loginDirectory)
        .set({ oidcSubject })
        .where(
          and(
            eq(loginDirectory.email, entry.email),
            eq(loginDirectory.kind, 'central'),
            eq(loginDirectory.organisationId, entry.organisationId),
          ),
        )
        .run()
    },
    async removeEntry(account) {
      db.delete(loginDirectory).where(ofAccount(account)).run()
    },
    async replaceOrganisationEntries(organisationId, entries: DirectoryEntry[]) {
      db.transaction((tx) => {
        tx.delete(loginDirectory).where(eq(loginDirectory.organisationId, organisationId)).run()
        for (const entry of entries) {
          tx.insert(loginDirectory)
            .values({ ...entry, organisationId })
            .onConflictDoNothing({
              target: [loginDirectory.email, loginDirectory.kind, loginDirectory.organisationId],
            })
            .run()
        }
      })
    },

    async listPlacements() {
      return db.select().from(organisationPlacements).all()
    },
    async findPlacement(organisationId) {
      const placed = db
        .select({ machine: organisationPlacements.machine })
        .from(organisationPlacements)
        .where(eq(organisationPlacements.organisationId, organisationId))
        .get()
      return placed?.machine ?? null
    },
    async placeOrganisation(organisationId, machine, placedAt) {
      db.insert(organisationPlacements)
        .values({ organisationId, machine, placedAt })
        .onConflictDoUpdate({
          target: organisationPlacements.organisationId,
          set: { machine, placedAt },
        })
        .run()
    },

    // The connection is the server's: it closes it.
    async close() {},
  }
}
