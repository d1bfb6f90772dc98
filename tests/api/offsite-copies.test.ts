import { execFile } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, expect, inject, test, vi } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import type { Project, Seller } from '../support/answers.ts'
import { eventually } from '../support/eventually.ts'
import { createClient } from '../support/http.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'
import { buildSalePayload, postSale } from '../support/sales.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Off-machine copies: every organisation's file goes to S3 each interval through SQLite's
// online backup (the real @aws-sdk/client-s3 against a local stand-in speaking S3's wire
// shapes), and `npm run copy:restore` puts a copy back in place of the file.

const run = promisify(execFile)
const BUCKET = 'centraal-copies'
const PREFIX = 'copies/'
const KEY_ID = 'copies-key'

let standIn: Awaited<ReturnType<typeof startS3StandIn>>
let server: TestServer
let dataDir: string
const scratch = mkdtempSync(path.join(tmpdir(), 'centraal-copies-'))

const settings = () => ({
  S3_COPY_BUCKET: BUCKET,
  S3_COPY_ENDPOINT: standIn.url,
  S3_COPY_FORCE_PATH_STYLE: 'true',
  S3_COPY_PREFIX: PREFIX,
  S3_COPY_INTERVAL_SECONDS: '1',
  S3_COPY_KEEP: '3',
  AWS_ACCESS_KEY_ID: KEY_ID,
  AWS_SECRET_ACCESS_KEY: 'copies-secret',
})

beforeAll(async () => {
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: KEY_ID, listPageSize: 2 })
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-test-'))
  server = await startTestServer({ ...settings(), LOG_LEVEL: 'error' }, { dataDir })
}, 60_000)
afterEach(() => {
  standIn.state.failingRequests = 0
  vi.restoreAllMocks()
})
afterAll(async () => {
  await server?.close()
  await standIn?.close()
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(scratch, { recursive: true, force: true })
})

/** An organisation with Gold Estates launched, a project and a seller, to register sales. */
async function createSellingOrganisation() {
  const organisation = await signInNewOrganisation(server)
  const { api } = organisation
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const project = await api.post('/api/gold-estates/projects', { name: 'Havenkwartier' })
  const seller = await api.post('/api/gold-estates/sellers', { name: 'Cor Closer' })
  const sell = (clientName: string) =>
    postSale(
      server,
      api,
      buildSalePayload({
        projectId: (project.json as Project).id,
        clientName,
        salePrice: 45_000_000,
        lines: [
          { sellerId: (seller.json as Seller).id, percentage: 60 },
          { sellerId: (seller.json as Seller).id, percentage: 30 },
          { sellerId: (seller.json as Seller).id, percentage: 10, commissionType: 'referral' },
        ],
      }),
    )
  return { ...organisation, sell }
}

/** The organisation's copies' keys in the bucket, oldest first. */
const copiesOf = (organisationId: string) => standIn.keys(`${PREFIX}${organisationId}/`)

/** When the copy under `key` was begun (the time in its key). */
const madeAtOf = (key: string) =>
  Date.parse(path.basename(key, '.sqlite').replace(/T(\d\d)-(\d\d)-(\d\d)/, 'T$1:$2:$3'))

/** The copy under `key` written to a file and opened. */
function openCopy(key: string) {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.sqlite`)
  writeFileSync(file, standIn.state.objects.get(key)!.body)
  return new Database(file, { readonly: true })
}

/** The first copy begun after `after` (ms), once it has landed. */
const copyMadeAfter = (organisationId: string, after: number) =>
  eventually(() => {
    const key = copiesOf(organisationId).find((candidate) => madeAtOf(candidate) > after)
    expect(key).toBeDefined()
    return key as string
  }, 30_000)

/**
 * The restore command on this server's data directory: `npm run copy:restore` when
 * `viaNpm` (the command as the README gives it), otherwise the same code compiled by the
 * server project's setup (build-server.ts) under plain node, without npm's and tsx's start.
 */
const restoreCommand = (
  organisationId: string,
  key?: string,
  options: { viaNpm?: boolean } = {},
) => {
  const args = [organisationId, ...(key ? [key] : [])]
  const serverBuild = inject('serverBuild')
  const [command, commandArgs] =
    options.viaNpm || !serverBuild
      ? ['npm', ['run', '-s', 'copy:restore', '--', ...args]]
      : [process.execPath, [path.join(serverBuild, 'restore-copy.js'), ...args]]
  return run(command, commandArgs, {
    env: { ...process.env, ...settings(), DATA_DIR: server.dataDir, npm_config_loglevel: 'error' },
  })
}

test('a copy lands in the bucket and opens as the organisation’s file with the rows written before it', async () => {
  const organisation = await createSellingOrganisation()
  const sold = [await organisation.sell('Klant Een'), await organisation.sell('Klant Twee')]
  const written = Date.now()

  const key = await copyMadeAfter(organisation.organisationId, written)
  expect(key).toMatch(
    new RegExp(
      `^${PREFIX}${organisation.organisationId}/\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z\\.sqlite$`,
    ),
  )
  expect(standIn.state.objects.get(key)?.metadata['organisation-id']).toBe(
    organisation.organisationId,
  )
  const copy = openCopy(key)
  try {
    expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(copy.prepare('select id from organization_profile').pluck().all()).toEqual([
      organisation.organisationId,
    ])
    const names = copy.prepare('select client_name from sales order by client_name').pluck().all()
    expect(names).toEqual(['Klant Een', 'Klant Twee'])
    const lines = copy
      .prepare('select count(*) from commissions where sale_id in (?, ?)')
      .pluck()
      .get(sold[0]!.id, sold[1]!.id)
    expect(lines).toBe(6)
  } finally {
    copy.close()
  }
  // Only the last S3_COPY_KEEP (3) copies stay: once three newer ones landed, this one goes.
  // A file is copied only when it changed, so a sale before each.
  for (const name of ['Klant Drie', 'Klant Vier', 'Klant Vijf']) {
    await organisation.sell(name)
    await copyMadeAfter(organisation.organisationId, Date.now())
  }
  await eventually(() => {
    expect(standIn.state.objects.has(key)).toBe(false)
    expect(copiesOf(organisation.organisationId).length).toBeLessThanOrEqual(3)
  })
}, 90_000)

test('sales registered while copies are taken are in a copy whole or not at all', async () => {
  const organisation = await createSellingOrganisation()
  const started = Date.now()
  const sold: string[] = []
  let isWriting = true
  const writing = (async () => {
    while (isWriting) sold.push((await organisation.sell(`Klant ${sold.length}`)).id)
  })()
  // Three copies begun while the sales were coming in.
  await eventually(() => {
    const during = copiesOf(organisation.organisationId).filter((key) => madeAtOf(key) > started)
    expect(during.length).toBeGreaterThanOrEqual(3)
  }, 60_000)
  isWriting = false
  await writing

  const counts: number[] = []
  for (const key of copiesOf(organisation.organisationId)) {
    const copy = openCopy(key)
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      const torn = copy
        .prepare(
          `select count(*) from sales s
           where (select count(*) from commissions c where c.sale_id = s.id) != 3`,
        )
        .pluck()
        .get()
      expect(torn).toBe(0)
      const inCopy = copy.prepare('select id from sales order by created_at').pluck().all()
      // What a copy holds is what had been answered so far, in order: a prefix of the sales.
      expect(inCopy).toEqual(sold.slice(0, inCopy.length))
      counts.push(inCopy.length)
    } finally {
      copy.close()
    }
  }
  // Copies were taken in the middle of the writing, not only before or after it.
  expect(counts.some((count) => count > 0 && count < sold.length)).toBe(true)
}, 120_000)

test('while S3 fails, requests are answered, the failure is logged once, and the next interval copies again', async () => {
  const organisation = await createSellingOrganisation()
  await copyMadeAfter(organisation.organisationId, Date.now())
  const errors: string[] = []
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    errors.push(String(chunk))
    return true
  })
  standIn.state.failingRequests = Number.POSITIVE_INFINITY
  const failedBefore = standIn.state.requests.length
  const during = await organisation.sell('Klant tijdens storing')
  expect((await organisation.api.get('/api/gold-estates/sales')).status).toBe(200)
  // Several rounds fail (each PUT is retried by the SDK, then by the next interval).
  await eventually(() => {
    const failedPuts = standIn.state.requests
      .slice(failedBefore)
      .filter(
        (request) =>
          request.method === 'PUT' &&
          request.key.startsWith(`${PREFIX}${organisation.organisationId}/`),
      )
    expect(failedPuts.length).toBeGreaterThanOrEqual(6)
  }, 60_000)
  const answered = await organisation.api.get('/api/gold-estates/sales')
  expect(answered.status).toBe(200)
  const logged = errors.filter(
    (line) =>
      line.includes('off-machine copy failed') && line.includes(organisation.organisationId),
  )
  expect(logged).toHaveLength(1)

  const healed = Date.now()
  standIn.state.failingRequests = 0
  const key = await copyMadeAfter(organisation.organisationId, healed)
  const copy = openCopy(key)
  try {
    expect(copy.prepare('select client_name from sales where id = ?').pluck().get(during.id)).toBe(
      'Klant tijdens storing',
    )
  } finally {
    copy.close()
  }
}, 120_000)

test('the restore command puts the latest copy back in place of a lost file', async () => {
  const organisation = await createSellingOrganisation()
  await organisation.sell('Klant Bewaard')
  await copyMadeAfter(organisation.organisationId, Date.now())
  const file = path.join(server.dataDir, 'orgs', `${organisation.organisationId}.sqlite`)

  // While this server has the file open, the command refuses and changes nothing. (The
  // file is not read here with fs: closing any descriptor of it would drop this process's
  // SQLite locks, POSIX's rule.)
  const refused = await restoreCommand(organisation.organisationId).catch((error) => error)
  expect(refused.code).toBe(1)
  expect(refused.stderr).toMatch(/a process has .* open: stop the server/)
  expect(readdirSync(path.dirname(file)).filter((name) => name.includes('before-restore'))).toEqual(
    [],
  )
  await organisation.sell('Klant na de weigering')

  await server.close()
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  try {
    const restored = await restoreCommand(organisation.organisationId, undefined, { viaNpm: true })
    expect(restored.stdout).toContain(`restored ${organisation.organisationId} from ${PREFIX}`)
  } finally {
    server = await startTestServer({ ...settings(), LOG_LEVEL: 'error' }, { dataDir })
  }
  // The owner's sessions live in the system file: they hold on the restarted server.
  const client = createClient(server.url)
  for (const [name, value] of organisation.api.cookies) client.cookies.set(name, value)
  const sales = await client.get('/api/gold-estates/sales')
  expect(sales.status).toBe(200)
  expect(JSON.stringify(sales.json)).toContain('Klant Bewaard')
}, 120_000)

test('the restore command refuses a copy of another organisation under this one’s name, and an object that is no SQLite file', async () => {
  const victim = await createSellingOrganisation()
  const attacker = await createSellingOrganisation()
  await attacker.sell('Klant van een ander')
  const theirs = await copyMadeAfter(attacker.organisationId, Date.now())
  await victim.sell('Klant van het slachtoffer')
  await copyMadeAfter(victim.organisationId, Date.now())
  const victimFile = path.join(server.dataDir, 'orgs', `${victim.organisationId}.sqlite`)
  await server.close()
  const before = readFileSync(victimFile)
  try {
    const stored = standIn.state.objects.get(theirs)!
    const planted = `${PREFIX}${victim.organisationId}/2999-01-01T00-00-00.000Z.sqlite`
    standIn.state.objects.set(planted, {
      ...stored,
      metadata: { 'organisation-id': victim.organisationId },
    })
    const foreign = await restoreCommand(victim.organisationId).catch((error) => error)
    expect(foreign.code).toBe(1)
    expect(foreign.stderr).toContain(
      `the copy is of organisation ${attacker.organisationId}, not ${victim.organisationId}`,
    )

    const junk = `${PREFIX}${victim.organisationId}/2999-01-02T00-00-00.000Z.sqlite`
    standIn.state.objects.set(junk, {
      ...stored,
      metadata: { 'organisation-id': victim.organisationId },
      body: Buffer.from('PK\u0003\u0004 not a database at all'),
    })
    const notSqlite = await restoreCommand(victim.organisationId, junk).catch((error) => error)
    expect(notSqlite.code).toBe(1)
    expect(notSqlite.stderr).toContain('the copy is not a SQLite file')
    standIn.state.objects.delete(planted)
    standIn.state.objects.delete(junk)
    expect(readFileSync(victimFile).equals(before)).toBe(true)
  } finally {
    server = await startTestServer({ ...settings(), LOG_LEVEL: 'error' }, { dataDir })
  }
}, 120_000)
