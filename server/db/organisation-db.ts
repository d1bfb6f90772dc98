import path from 'node:path'
import type * as organisationSchema from '#schema/db/organisation'
import type { openSqlite } from './open-sqlite.ts'

/** One organisation's SQLite file through drizzle. */
export type OrganisationDb = ReturnType<typeof openSqlite<typeof organisationSchema>>

const ORGANISATION_ID = /^[a-z0-9][a-z0-9-]{0,62}$/

/** The path of an organisation's file; the id is checked so it can never leave orgs/. */
export function getOrganisationFile(dataDir: string, organisationId: string) {
  if (!ORGANISATION_ID.test(organisationId)) {
    throw new Error(`Invalid organisation id: ${organisationId}`)
  }
  return path.join(dataDir, 'orgs', `${organisationId}.sqlite`)
}

/**
 * Present while a copy is put in place of the organisation's file (npm run copy:restore):
 * no process opens the file meanwhile.
 */
export const getRestoringMarker = (dataDir: string, organisationId: string) =>
  `${getOrganisationFile(dataDir, organisationId)}.restoring`
