import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, inject, test } from 'vitest'
import { writeSale } from '../bench/load/writers.ts'
import { createLoadOrganisations } from '../support/load-organisations.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startTestServer } from '../support/test-server.ts'

// A lost machine loses at most an interval: a server process's data directory is deleted
// while sales are written to three organisations, the process is gone, and the system file
// and the organisations are restored from the bucket (`copy:restore -- system`, then
// `copy:restore -- organisations`) onto a new data directory and a new process. Every
// write answered more than one interval before the loss is there, read with the sessions
// the restored system file holds.

const run = promisify(execFile)
const BUCKET = 'centraal-copies'
const KEY_ID = 'copies-key'
const INTERVAL_SECONDS = 2

let standIn: Awaited<ReturnType<typeof startS3StandIn>>
const scratch = mkdtempSync(path.join(tmpdir(), 'centraal-lost-machine-'))
const lostDir = path.join(scratch, 'lost')
const newDir = path.join(scratch, 'new')

const settings = () => ({
  S3_COPY_BUCKET: BUCKET,
  S3_COPY_ENDPOINT: standIn.url,
  S3_COPY_FORCE_PATH_STYLE: 'true',
  S3_COPY_INTERVAL_SECONDS: String(INTERVAL_SECONDS),
  AWS_ACCESS_KEY_ID: KEY_ID,
  AWS_SECRET_ACCESS_KEY: 'copies-secret',
})

beforeAll(async () => {
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: KEY_ID })
}, 60_000)
afterAll(async () => {
  await standIn?.close()
  rmSync(scratch, { recursive: true, force: true })
})

/** The restore command (compiled by the server project's setup, or from source) on `dataDir`. */
function restoreInto(dataDir: string, ...args: string[]) {
  const serverBuild = inject('serverBuild')
  const [command, commandArgs] = serverBuild
    ? [process.execPath, [path.join(serverBuild, 'restore-copy.js'), ...args]]
    : ['npm', ['run', '-s', 'copy:restore', '--', ...args]]
  return run(command, commandArgs, {
    env: { ...process.env, ...settings(), DATA_DIR: dataDir, npm_config_loglevel: 'error' },
  })
}
const restore = (...args: string[]) => restoreInto(newDir, ...args)

test('a data directory lost under load comes back from the bucket with every write older than an interval and a round', async () => {
  const setup = await startTestServer({}, { dataDir: lostDir })
  const { organisations } = await createLoadOrganisations(setup, {
    organisationCount: 3,
    devicesEach: 1,
    idleEach: 0,
  }).finally(() => setup.close({ keepData: true }))

  const server = await startServerProcess(lostDir, {
    settings: { ...settings(), LOG_LEVEL: 'info' },
  })
  const acknowledged: { organisationId: string; id: string; at: number }[] = []
  let isWriting = true
  const writers = organisations.map(async (organisation) => {
    while (isWriting) {
      const write = await writeSale(server.url, organisation)
      if (write.id) {
        acknowledged.push({ organisationId: organisation.id, id: write.id, at: Date.now() })
      }
    }
  })
  // Some rounds under load, then the loss just after one ended. A round starts an interval
  // after the previous one started (at once when that one ran longer), so a write answered
  // more than an interval and a round's length before the loss was answered before the last
  // round began, and is in its copies. (On a quiet machine a round here takes a fraction of
  // the interval; under load it may take longer.)
  const rounds = () => server.linesWith('copy round done')
  await expect
    .poll(() => rounds().length, { interval: 20, timeout: 120_000 })
    .toBeGreaterThanOrEqual(3)
  const seen = rounds().length
  await expect.poll(() => rounds().length, { interval: 5, timeout: 30_000 }).toBeGreaterThan(seen)
  rmSync(lostDir, { recursive: true, force: true })
  const lostAt = Date.now()
  const last = rounds().at(-1) as string
  const roundMs = (JSON.parse(last.slice(last.indexOf('{'))) as { ms: number }).ms
  await server.kill()
  isWriting = false
  await Promise.all(writers)

  const system = await restore('system')
  expect(system.stdout).toMatch(/restored the system file from centraal\/_system\//)
  const restored = await restore('organisations')
  // The three and the one the first SUPERADMIN's setup made.
  expect(restored.stdout).toContain('restored 4 organisations')
  expect(restored.stdout).not.toContain('not restored')

  const again = await startServerProcess(newDir)
  try {
    const older = acknowledged.filter(({ at }) => at < lostAt - INTERVAL_SECONDS * 1000 - roundMs)
    console.log(
      `lost machine: ${acknowledged.length} writes answered, ${older.length} of them more than the interval and the last round (${roundMs} ms) before the loss`,
    )
    expect(older.length).toBeGreaterThan(0)
    for (const organisation of organisations) {
      // The owner's session, from the restored system file, reads the restored organisation.
      const answer = await fetch(`${again.url}/api/gold-estates/sales`, {
        headers: { cookie: organisation.writerCookie },
      })
      expect(answer.status).toBe(200)
      const present = new Set(((await answer.json()) as { id: string }[]).map(({ id }) => id))
      const missing = older.filter(
        ({ organisationId, id }) => organisationId === organisation.id && !present.has(id),
      )
      expect(missing).toEqual([])
    }
  } finally {
    await again.close()
  }
}, 300_000)

test('copy:restore -- system refuses an organisation’s copy or a non-SQLite object planted as the system file', async () => {
  // The bucket holds the first test's copies: an organisation's copy, planted as the
  // latest system copy with forged metadata, then an object that is no SQLite file.
  const organisationKey = standIn.keys('centraal/load-1/').at(-1) as string
  const stored = standIn.state.objects.get(organisationKey)!
  const otherDir = path.join(scratch, 'other')
  const planted = 'centraal/_system/2999-01-01T00-00-00.000Z.sqlite'
  standIn.state.objects.set(planted, { ...stored, metadata: { 'organisation-id': '_system' } })
  const asSystem = await restoreInto(otherDir, 'system').catch((error) => error)
  expect(asSystem.code).toBe(1)
  expect(asSystem.stderr).toContain('the copy is not a system file')

  standIn.state.objects.set(planted, {
    ...stored,
    metadata: { 'organisation-id': '_system' },
    body: Buffer.from('PK\u0003\u0004 not a database at all'),
  })
  const junk = await restoreInto(otherDir, 'system').catch((error) => error)
  expect(junk.code).toBe(1)
  expect(junk.stderr).toMatch(/refused: .*(not a system file|cannot be read|damaged)/)
  // An organisation's copy by its key, without the system metadata.
  const unmarked = await restoreInto(otherDir, 'system', organisationKey).catch((error) => error)
  expect(unmarked.code).toBe(1)
  expect(unmarked.stderr).toContain('is not a copy of the system file')
  standIn.state.objects.delete(planted)
  expect(existsSync(path.join(otherDir, 'system.sqlite'))).toBe(false)
}, 120_000)
