import path from 'node:path'
import Database from 'better-sqlite3'

/** Opens an organisation's file beside a running server, as an operator would. */
export function openOrganisationFile(dataDir: string, organisationId = 'default-org') {
  return new Database(path.join(dataDir, 'orgs', `${organisationId}.sqlite`))
}

/** Opens DATA_DIR/system.sqlite beside a running server. */
export function openSystemFile(dataDir: string) {
  return new Database(path.join(dataDir, 'system.sqlite'))
}
