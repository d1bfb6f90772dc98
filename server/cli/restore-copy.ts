import { eq } from 'drizzle-orm'
import { organisations } from '#schema/db/system'
import { openSystemDb } from '../db/system-db.ts'
import { loadEnv } from '../env.ts'
import { createCopyStore, readCopySettings } from '../services/offsite-copies/copy-store.ts'
import {
  CopyRestoreRefused,
  restoreOrganisationCopy,
} from '../services/offsite-copies/restore-organisation-copy.ts'

// npm run copy:restore -- <organisation id> [<copy key>]
// Puts an off-machine copy (the latest, or the one named) in place of the organisation's
// file in DATA_DIR, with the S3 settings the server uses. Stop the server serving the
// organisation first: the command refuses while a process has the file open.
const usage = 'Usage: npm run copy:restore -- <organisation id> [<copy key>]'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const [organisationId, key, ...rest] = process.argv.slice(2)
if (!organisationId || rest.length > 0) fail(usage)
const env = loadEnv()
const settings = readCopySettings(env)
if (!settings) fail('S3_COPY_BUCKET is not set: there are no copies to restore from')
const systemDb = openSystemDb(env.DATA_DIR)
const known = systemDb
  .select({ id: organisations.id })
  .from(organisations)
  .where(eq(organisations.id, organisationId))
  .get()
systemDb.$client.close()
if (!known) fail(`unknown organisation ${organisationId} in ${env.DATA_DIR}`)

const store = createCopyStore(settings)
try {
  const restored = await restoreOrganisationCopy({
    dataDir: env.DATA_DIR,
    organisationId,
    store,
    key,
  })
  console.log(
    `restored ${organisationId} from ${restored.key}` +
      (restored.keptAs ? `; the file it replaced is ${restored.keptAs}` : ''),
  )
} catch (error) {
  if (error instanceof CopyRestoreRefused) fail(`refused: ${error.message}`)
  throw error
} finally {
  store.close()
}
