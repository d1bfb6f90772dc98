import path from 'node:path'
import { copySqliteFile } from '../../db/copy-sqlite-file.ts'
import { getOrganisationFile } from '../../db/organisation-db.ts'

/**
 * The organisation's file as of one commit in a temporary folder (copySqliteFile), for
 * its S3 copy. Null when the organisation has no file yet.
 */
export function snapshotOrganisationFile(dataDir: string, organisationId: string) {
  return copySqliteFile(getOrganisationFile(dataDir, organisationId), organisationId)
}

/** The system file (accounts, sessions, the organisation list) copied the same way. */
export function snapshotSystemFile(dataDir: string) {
  return copySqliteFile(path.join(dataDir, 'system.sqlite'), 'system')
}
