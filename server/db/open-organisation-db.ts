import * as organisationSchema from '#schema/db/organisation'
import { openSqlite } from './open-sqlite.ts'
import { getOrganisationFile, type OrganisationDb } from './organisation-db.ts'
import { seedOrganisationFile } from './seed-organisation-file.ts'

/**
 * Opens, migrates and seeds DATA_DIR/orgs/<organisationId>.sqlite. `name`: the
 * organisation's, for a file made now; undefined for a file made before (it has it).
 */
export function openOrganisationDb(
  dataDir: string,
  organisationId: string,
  name: string | undefined,
): OrganisationDb {
  const file = getOrganisationFile(dataDir, organisationId)
  const db = openSqlite(file, organisationSchema, 'organisation')
  seedOrganisationFile(db, organisationId, name)
  return db
}
