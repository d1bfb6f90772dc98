import { eq } from 'drizzle-orm'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type BackupDocument } from '#schema/backup'
import { organizations } from '#schema/db/system'
import type { ServiceContext } from '../../context.ts'
import { requirePermission } from '../permissions/require-permission.ts'
import { BLANKED_COLUMNS, listOrganisationTables } from './organisation-tables.ts'

/**
 * Every table of the actor's organisation file as rows, read in one transaction so the
 * backup is consistent. Users keep their argon2id hashes, so people can sign in again
 * after a restore; live setup and Google tokens are left out.
 */
export function exportOrganisation(ctx: ServiceContext): BackupDocument {
  requirePermission(ctx.actor, 'backup.run')
  const organisation = ctx.systemDb
    .select()
    .from(organizations)
    .where(eq(organizations.id, ctx.actor.organisationId))
    .get()
  if (!organisation) throw new Error(`organisation ${ctx.actor.organisationId} missing`)
  const client = ctx.db.$client
  const tables = client.transaction(() =>
    Object.fromEntries(
      listOrganisationTables(client).map((table) => {
        const rows = client.prepare(`select * from "${table.name}" order by rowid`).all() as Record<
          string,
          string | number | null
        >[]
        for (const column of BLANKED_COLUMNS[table.name] ?? []) {
          for (const row of rows) row[column] = null
        }
        return [table.name, rows]
      }),
    ),
  )()
  return {
    format: BACKUP_FORMAT,
    formatVersion: BACKUP_FORMAT_VERSION,
    createdAt: Date.now(),
    organisation: {
      id: organisation.id,
      name: organisation.name,
      slug: organisation.slug,
      plan: organisation.plan,
      status: organisation.status,
      createdAt: organisation.createdAt,
    },
    tables,
  }
}
