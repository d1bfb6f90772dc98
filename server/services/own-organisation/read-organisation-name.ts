import { eq } from 'drizzle-orm'
import { organisations } from '#schema/db/system'
import type { SystemDb } from '../../db/system-db.ts'

/** The organisation's name as the platform knows it, for the headers; '' when unknown. */
export function readOrganisationName(systemDb: SystemDb, organisationId: string): string {
  return (
    systemDb
      .select({ name: organisations.name })
      .from(organisations)
      .where(eq(organisations.id, organisationId))
      .get()?.name ?? ''
  )
}
