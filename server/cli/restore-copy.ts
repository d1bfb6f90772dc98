import { existsSync } from 'node:fs'
import { getOrganisationFile } from '../db/organisation-db.ts'
import { openSystemDb } from '../db/system-db.ts'
import { loadEnv } from '../env.ts'
import {
  type CopyStore,
  openCopyStore,
  readCopySettings,
} from '../services/offsite-copies/copy-store.ts'
import {
  CopyRestoreRefused,
  restoreOrganisationCopy,
} from '../services/offsite-copies/restore-organisation-copy.ts'
import { restoreSystemCopy } from '../services/offsite-copies/restore-system-copy.ts'
import { openSystemDirectory } from '../system-directory/open-system-directory.ts'

// npm run copy:restore -- system [<copy key>]
// npm run copy:restore -- organisations
// npm run copy:restore -- <organisation id> [<copy key>]
// Puts off-machine copies in place in DATA_DIR, with the S3 settings the server uses:
// the system file; every organisation the system file lists that has no file here (a lost
// machine: the system file first, then this); or one organisation's file (the latest copy,
// or the one named). Stop the servers on DATA_DIR first: a file a process has open is refused.
const usage = [
  'Usage: npm run copy:restore -- system [<copy key>]',
  '       npm run copy:restore -- organisations',
  '       npm run copy:restore -- <organisation id> [<copy key>]',
].join('\n')

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const [what, key, ...rest] = process.argv.slice(2)
if (!what || rest.length > 0 || (what === 'organisations' && key)) fail(usage)
const env = loadEnv()
const settings = readCopySettings(env)
if (!settings) fail('S3_COPY_BUCKET is not set: there are no copies to restore from')

/** The organisations DATA_DIR's system file lists (it must be there first). */
async function readOrganisationIds(only?: string) {
  if (!existsSync(`${env.DATA_DIR}/system.sqlite`)) {
    fail(`no system file in ${env.DATA_DIR}: restore it first (copy:restore -- system)`)
  }
  const systemDb = openSystemDb(env.DATA_DIR)
  const directory = await openSystemDirectory({ databaseUrl: env.DATABASE_URL, systemDb })
  try {
    if (!only) return await directory.listOrganisationIds()
    return (await directory.findOrganisation(only)) ? [only] : []
  } finally {
    await directory.close()
    systemDb.$client.close()
  }
}

/** Every listed organisation without a file here, each from its latest copy. */
async function restoreMissingOrganisations(store: CopyStore) {
  let restored = 0
  const left: string[] = []
  for (const organisationId of await readOrganisationIds()) {
    if (existsSync(getOrganisationFile(env.DATA_DIR, organisationId))) {
      left.push(`${organisationId} (its file is here; name it to replace it)`)
      continue
    }
    try {
      const done = await restoreOrganisationCopy({ dataDir: env.DATA_DIR, organisationId, store })
      console.log(`restored ${organisationId} from ${done.key}`)
      restored++
    } catch (error) {
      if (!(error instanceof CopyRestoreRefused)) throw error
      left.push(`${organisationId} (${error.message})`)
    }
  }
  console.log(`restored ${restored} organisations`)
  if (left.length > 0) console.log(`not restored:\n  ${left.join('\n  ')}`)
}

const store = await openCopyStore(settings)
try {
  if (what === 'system') {
    const restored = await restoreSystemCopy({ dataDir: env.DATA_DIR, store, key })
    console.log(
      `restored the system file from ${restored.key}` +
        (restored.keptAs ? `; the file it replaced is ${restored.keptAs}` : ''),
    )
  } else if (what === 'organisations') {
    await restoreMissingOrganisations(store)
  } else {
    if ((await readOrganisationIds(what)).length === 0) {
      fail(`unknown organisation ${what} in ${env.DATA_DIR}`)
    }
    const restored = await restoreOrganisationCopy({
      dataDir: env.DATA_DIR,
      organisationId: what,
      store,
      key,
    })
    console.log(
      `restored ${what} from ${restored.key}` +
        (restored.keptAs ? `; the file it replaced is ${restored.keptAs}` : ''),
    )
  }
} catch (error) {
  if (error instanceof CopyRestoreRefused) fail(`refused: ${error.message}`)
  throw error
} finally {
  store.close()
}
