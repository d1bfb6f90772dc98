import { parseArgs } from 'node:util'
import { SetupTokenCommandSchema } from '#schema/auth'
import { getMachinePlacement, OrganisationCache } from '../db/organisation-cache.ts'
import { openSystemDb } from '../db/system-db.ts'
import { loadEnv } from '../env.ts'
import { AppError } from '../errors/app-error.ts'
import { inviteWithSetupLink } from '../services/accounts/invite-with-setup-link.ts'
import { ensureDefaultOrganisation } from '../services/platform-organisations/ensure-default-organisation.ts'
import { openSystemDirectory } from '../system-directory/open-system-directory.ts'

// npm run setup-token -- --email <e-mail> [--name <name>] [--role ROLE] [--org <id>]
// Creates the user when needed and prints a setup link for an operator to hand over.
const usage =
  'Usage: npm run setup-token -- --email <e-mail> [--name <name>] [--role SUPERADMIN|ADMIN|MANAGER|USER] [--org <organisation id>]'

function fail(message: string): never {
  console.error(message)
  process.exit(1)
}

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    org: { type: 'string' },
  },
})
const parsed = SetupTokenCommandSchema.safeParse(values)
if (!parsed.success) {
  fail(
    `${parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n')}\n${usage}`,
  )
}
const options = parsed.data
const env = loadEnv()
const systemDb = openSystemDb(env.SYSTEM_DIR)
const directory = await openSystemDirectory({ databaseUrl: env.DATABASE_URL, systemDb })
const organisations = new OrganisationCache(
  env.DATA_DIR,
  directory,
  4,
  undefined,
  getMachinePlacement(env),
)

try {
  await organisations.learnOrganisations()
  await ensureDefaultOrganisation({ directory, organisations })
  const { token, expiresAt } = await inviteWithSetupLink(
    { systemDb, directory, organisations },
    options,
  )
  console.log(`Setup link for ${options.email} (valid until ${new Date(expiresAt).toISOString()}):`)
  console.log(`${env.PUBLIC_URL}/setup/${token}`)
} catch (error) {
  fail(error instanceof AppError ? error.message : String(error))
} finally {
  organisations.closeAll()
  await directory.close()
  systemDb.$client.close()
}
