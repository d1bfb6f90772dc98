import { asc, eq, lt, sql } from 'drizzle-orm'
import {
  loginDirectory,
  organisationPlacements,
  organisationSummary,
  organisations,
  sessions,
} from '#schema/db/system'
import { prepareOnce } from '../db/prepare-once.ts'
import type { SystemDb } from '../db/system-db.ts'
import { directoryQueryParts, toStoredSession } from './directory-query-parts.ts'
import type { SystemDirectory } from './system-directory.ts'

const parts = directoryQueryParts({ loginDirectory, organisations, sessions })

// The read of every signed-in request, prepared once per connection: building a query
// with drizzle costs far more than running it. The entry's presence comes in the same read.
function sessionRead(db: SystemDb) {
  return prepareOnce(db, 'system-directory-session', () =>
    db
      .select({ session: sessions, listed: parts.isSessionListed() })
      .from(sessions)
      .where(parts.session(sql.placeholder('sid')))
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

    async insertSession(session) {
      db.insert(sessions).values(parts.sessionRow(session)).run()
    },
    async findSession(sid) {
      return toStoredSession(sessionRead(db).get({ sid }))
    },
    async extendSession(sid, expire) {
      db.update(sessions).set({ expire }).where(eq(sessions.sid, sid)).run()
    },
    async deleteSession(sid, kind) {
      db.delete(sessions).where(parts.session(sid, kind)).run()
    },
    async deleteAccountSessions(account, options = {}) {
      db.delete(sessions).where(parts.accountSessions(account, options.exceptSid)).run()
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
        .select(parts.organisationName)
        .from(organisations)
        .where(parts.organisationsIn(ids))
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
      const wanted = parts.wantedOrganisations(preferred, limit)
      const first = wanted.length
        ? db
            .select()
            .from(loginDirectory)
            .where(parts.entriesIn(kind, email, wanted))
            .all()
        : []
      const rest = db
        .select()
        .from(loginDirectory)
        .where(parts.entriesBeyond(kind, email, wanted))
        .orderBy(asc(loginDirectory.organisationId))
        .limit(limit)
        .all()
      return parts.preferredFirst(first, rest, wanted)
    },
    async findEntryIn(kind, email, organisationId) {
      const where = parts.entryIn(kind, email, organisationId)
      return db.select().from(loginDirectory).where(where).get() ?? null
    },
    async findEntryBySubject(oidcSubject) {
      const where = eq(loginDirectory.oidcSubject, oidcSubject)
      return db.select().from(loginDirectory).where(where).get() ?? null
    },
    async isListed(account) {
      return !!db
        .select({ userId: loginDirectory.userId })
        .from(loginDirectory)
        .where(parts.entryOf(account))
        .get()
    },
    async findOtherOrganisationOf(account) {
      const row = db
        .select({ organisationId: loginDirectory.organisationId })
        .from(loginDirectory)
        .where(parts.othersOf(account))
        .get()
      return row?.organisationId ?? null
    },
    async addEntry(entry) {
      db.insert(loginDirectory).values(entry).run()
    },
    async putLaunchEntry(organisationId, centralUserId, salesUserId) {
      db.insert(loginDirectory)
        .values(parts.launchEntry(organisationId, centralUserId, salesUserId))
        .onConflictDoUpdate({ target: parts.entryKey, set: { userId: salesUserId } })
        .run()
    },
    async changeEntryEmail(account, email) {
      db.update(loginDirectory).set({ email }).where(parts.entryOf(account)).run()
    },
    async linkSubject(entry, oidcSubject) {
      db.update(loginDirectory).set({ oidcSubject }).where(parts.centralEntry(entry)).run()
    },
    async removeEntry(account) {
      db.delete(loginDirectory).where(parts.entryOf(account)).run()
    },
    async replaceOrganisationEntries(organisationId, entries) {
      db.transaction((tx) => {
        tx.delete(loginDirectory).where(eq(loginDirectory.organisationId, organisationId)).run()
        for (const entry of entries) {
          tx.insert(loginDirectory)
            .values({ ...entry, organisationId })
            .onConflictDoNothing({ target: parts.entryKey })
            .run()
        }
      })
    },

    async listPlacements() {
      return db.select().from(organisationPlacements).all()
    },
    async findPlacement(organisationId) {
      const where = eq(organisationPlacements.organisationId, organisationId)
      const placed = db
        .select({ machine: organisationPlacements.machine })
        .from(organisationPlacements)
        .where(where)
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
