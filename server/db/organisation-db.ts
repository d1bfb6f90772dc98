import path from 'node:path'
import * as organisationSchema from '#schema/db/organisation'
import { openSqlite } from './open-sqlite.ts'
import { seedOrganisationFile } from './seed-organisation-file.ts'

/** One organisation's SQLite file through drizzle. */
export type OrganisationDb = ReturnType<typeof openOrganisationDb>

const ORGANISATION_ID = /^[a-z0-9][a-z0-9-]{0,62}$/

/** The path of an organisation's file; the id is checked so it can never leave orgs/. */
export function getOrganisationFile(dataDir: string, organisationId: string) {
  if (!ORGANISATION_ID.test(organisationId)) {
    throw new Error(`Invalid organisation id: ${organisationId}`)
  }
  return path.join(dataDir, 'orgs', `${organisationId}.sqlite`)
}

/** Opens, migrates and seeds DATA_DIR/orgs/<organisationId>.sqlite. */
export function openOrganisationDb(dataDir: string, organisationId: string, name: string) {
  const file = getOrganisationFile(dataDir, organisationId)
  const db = openSqlite(file, organisationSchema, 'organisation')
  seedOrganisationFile(db, organisationId, name)
  return db
}
