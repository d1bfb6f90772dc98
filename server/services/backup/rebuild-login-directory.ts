import type Database from 'better-sqlite3'
import { eq } from 'drizzle-orm'
import { loginDirectory } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'

/** Rebuilds an organisation's part of the login directory from its file (after a restore). */
export function rebuildLoginDirectory(
  client: Database.Database,
  systemDb: SystemDb,
  organisationId: string,
) {
  const centralUsers = client
    .prepare('select id, email, oidc_subject as oidcSubject from users where deleted = 0')
    .all() as { id: string; email: string; oidcSubject: string | null }[]
  const salesUsers = client.prepare('select id, email from sales_users').all() as {
    id: string
    email: string
  }[]
  systemDb.transaction((tx) => {
    tx.delete(loginDirectory).where(eq(loginDirectory.organizationId, organisationId)).run()
    for (const user of centralUsers) {
      tx.insert(loginDirectory)
        .values({
          email: user.email,
          kind: 'central',
          organizationId: organisationId,
          userId: user.id,
          oidcSubject: user.oidcSubject,
        })
        .run()
    }
    for (const user of salesUsers) {
      tx.insert(loginDirectory)
        .values({
          email: user.email,
          kind: 'sales',
          organizationId: organisationId,
          userId: user.id,
        })
        .run()
    }
  })
}
