import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// The product spells organisation the British way (decision 020). Production code may use
// the American spelling only where something outside the code fixes it: SQL names, which
// existing data files carry, and the wire names below. Tests are not checked: they send
// the spec's payloads as written.

const ROOT = path.resolve(import.meta.dirname, '../..')
const PRODUCTION_FOLDERS = ['server', 'schema', 'sync', 'web', 'sw', 'scripts']
const CHECKED_FILE = /\.(ts|tsx|mts|mjs|js|css|html|webmanifest)$/
// drizzle-kit's generated migrations are SQL history: what the files were created with.
const SKIPPED_FOLDER = 'server/db/migrations/'
const AMERICAN = /organization/i

// SQL names, anywhere: the column organization_id and the table organization_profile keep
// the names they were created with, so every data file opens without a migration.
const SQL_NAMES = /\borganization_(id|profile)\b/g

/** What else may be spelled the American way: the file, the text on its line, and why. */
const ALLOWED: { file: string; text: string }[] = [
  // SQL: the system file's table of organisations (see SQL_NAMES).
  { file: 'schema/db/system.ts', text: "sqliteTable('organizations'" },
  // The same table on PostgreSQL, the same name (decision 047).
  { file: 'schema/db/system-pg.ts', text: "pgTable('organizations'" },
  // Spec §3 and §7: the registration body names the field so; read as organisationId.
  { file: 'schema/auth.ts', text: 'organizationId: z' },
  {
    file: 'schema/auth.ts',
    text: '({ organizationId, ...input }) => ({ ...input, organisationId: organizationId })',
  },
  {
    file: 'web/public/register/register-page.tsx',
    text: 'organizationId: DEFAULT_ORGANISATION_ID',
  },
  // The session answers' user (GET /api/auth/user and the sales one): installed older web
  // clients and users remembered for an offline start read the field. The server writes it
  // in one place per area, the web reads it only through getSessionAccount.
  { file: 'schema/auth.ts', text: 'organizationId: string' },
  {
    file: 'server/services/accounts/to-wire-account.ts',
    text: 'organizationId: user.organisationId',
  },
  { file: 'sync/client/signed-in-account.ts', text: '{ id: string; organizationId: string }' },
  { file: 'sync/client/signed-in-account.ts', text: "user.organizationId === 'string'" },
  { file: 'sync/client/signed-in-account.ts', text: 'organisationId: user.organizationId' },
  // The paths of earlier versions, which an offline queue may still hold.
  { file: 'server/app.ts', text: ".route('/organization', ownOrganisationRoutes(deps))" },
  { file: 'server/app.ts', text: ".route('/organizations', platformOrganisationRoutes(deps))" },
  // HTML's autofill token for an organisation's name.
  {
    file: 'web/central/settings/organisation-details-card.tsx',
    text: 'autoComplete="organization"',
  },
]

function listFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`
    return entry.isDirectory() ? listFiles(relative) : [relative]
  })
}

/** Each line spelled the American way beyond what is allowed, and the exceptions used. */
function findAmericanSpellings() {
  const used = new Set<(typeof ALLOWED)[number]>()
  const found = PRODUCTION_FOLDERS.flatMap(listFiles)
    .filter((file) => CHECKED_FILE.test(file) && !file.startsWith(SKIPPED_FOLDER))
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((line, index) => {
          let rest = line.replace(SQL_NAMES, '')
          for (const allowed of ALLOWED.filter((entry) => entry.file === file)) {
            if (!rest.includes(allowed.text)) continue
            used.add(allowed)
            rest = rest.replaceAll(allowed.text, '')
          }
          return AMERICAN.test(rest) ? [`${file}:${index + 1}: ${line.trim()}`] : []
        }),
    )
  return { found, unused: ALLOWED.filter((entry) => !used.has(entry)) }
}

test('production code spells organisation the British way, outside the listed exceptions', () => {
  expect(findAmericanSpellings().found).toEqual([])
})

test('every exception is still needed', () => {
  expect(findAmericanSpellings().unused).toEqual([])
})
