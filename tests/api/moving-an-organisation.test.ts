import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { getOrganisationRoute, ROUTING_COOKIE } from '#server/auth/routing-cookie'
import { readMoveMarker } from '#server/db/organisation-move-marker'
import { openSystemDb } from '#server/db/system-db'
import { moveOrganisation } from '#server/services/organisation-move/move-organisation'
import { openSystemDirectory } from '#server/system-directory/open-system-directory'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { eventually } from '../support/eventually.ts'
import { cookieOf, createClient } from '../support/http.ts'
import { startMachines } from '../support/machines.ts'
import { openEventStream, waitFor } from '../support/sse.ts'
import { pullAll, pushRows } from '../support/sync-calls.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// Two machines on this one (tests/support/machines.ts): an organisation moved from the home
// machine to the other while a client writes through HAProxy without pause. Writes that
// reach it while it moves are answered 503 with Retry-After and sent again; afterwards every
// acknowledged write is on the new machine once, and its requests go there.

const run = promisify(execFile)
type Created = InferResponseType<TypedApi['organisations']['$post'], 201>
type Invited = InferResponseType<TypedApi['organisations'][':id']['invite']['$post'], 201>
type Pushed = InferResponseType<TypedApi['sync'][':version'][':collection']['push']['$post'], 200>
type BackupSettings = InferResponseType<TypedApi['backup']['settings']['$get'], 200>

const ROOT = path.resolve(import.meta.dirname, '../..')

let machines: Awaited<ReturnType<typeof startMachines>>
let root: ReturnType<typeof createClient>

beforeAll(async () => {
  machines = await startMachines()
  root = await signInFirstSuperadmin(machines)
}, 60_000)
afterAll(async () => {
  await machines?.close()
})

/** A new organisation (made on the home machine) and its administrator, signed in through HAProxy. */
async function createOrganisationWithAdmin(slug: string) {
  const created = await root.post('/api/organisations', { name: `Verhuis ${slug}`, slug })
  expect(created.status, created.text).toBe(201)
  const organisationId = String((created.json as Created).id)
  const email = `beheer@${slug}.example`
  const invited = await root.post(`/api/organisations/${organisationId}/invite`, {
    name: 'Beheerder',
    email,
  })
  expect(invited.status, invited.text).toBe(201)
  const token = String((invited.json as Invited).setupUrl).split('/setup/')[1]
  const admin = createClient(machines.url)
  expect(
    (await admin.post(`/api/auth/setup/${token}`, { password: 'beheer password' })).status,
  ).toBe(200)
  const signedIn = await admin.post('/api/auth/login/email', { email, password: 'beheer password' })
  expect(signedIn.status, signedIn.text).toBe(200)
  expect(admin.cookies.get(ROUTING_COOKIE)).toBe(getOrganisationRoute(organisationId))
  return { organisationId, admin }
}

/** A connection's description in an organisation's file on a machine. */
function descriptionOnMachine(machine: 'a' | 'b', organisationId: string, id: string) {
  const file = path.join(machines.dataDirOf(machine), 'orgs', `${organisationId}.sqlite`)
  const db = new Database(file, { readonly: true })
  try {
    return db.prepare('select description from app_connections where id = ?').pluck().get(id)
  } finally {
    db.close()
  }
}

/** The names of the app connections in an organisation's file on a machine. */
function namesOnMachine(machine: 'a' | 'b', organisationId: string) {
  const db = new Database(
    path.join(machines.dataDirOf(machine), 'orgs', `${organisationId}.sqlite`),
    {
      readonly: true,
    },
  )
  try {
    return db.prepare('select name from app_connections').pluck().all() as string[]
  } finally {
    db.close()
  }
}

test('an organisation moved under load: every acknowledged write on the new machine once, none lost, its requests there', async () => {
  const { organisationId, admin } = await createOrganisationWithAdmin('verhuizer')
  const acknowledged: string[] = []
  const refusals: { status: number; retryAfter: string | null; message: string }[] = []
  let isWriting = true
  // One writer without pause; a write refused with 503 is sent again (the same connection)
  // as a device's queue sends it again, until it is acknowledged.
  const writing = (async () => {
    for (let index = 0; isWriting; index++) {
      const name = `Schrijf ${index}`
      for (;;) {
        const response = await admin.post('/api/app-connections', {
          name,
          url: `https://w${index}.example.com`,
        })
        if (response.status === 201) break
        refusals.push({
          status: response.status,
          retryAfter: response.headers.get('retry-after'),
          message: String((response.json as ErrorAnswer | undefined)?.message),
        })
        if (response.status !== 503) throw new Error(`${response.status} ${response.text}`)
        // The writer's back-off, not a wait for the move: the next answer tells whether it is over.
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
      acknowledged.push(name)
    }
  })()
  await waitFor(() => acknowledged.length >= 20, 20_000)
  // A device's event stream, held by the old machine: it ends after the move (at the
  // first change told after it, at the latest its next heartbeat) and the device connects
  // again, to the new machine.
  const stream = await openEventStream(`${machines.url}/api/sync/v1/stream`, cookieOf(admin))
  expect(stream.status).toBe(200)

  // A device's edit of the first connection, pushed while the organisation moves.
  const first = (await pullAll(admin, 'appConnections')).find((doc) => doc.name === 'Schrijf 0')
  if (!first) throw new Error('Schrijf 0 not pulled')
  const edit = [
    {
      newDocumentState: { ...first, description: 'Bewerkt op het toestel' },
      assumedMasterState: first,
    },
  ]
  let pushedWhileMoving: Awaited<ReturnType<typeof pushRows>> | undefined
  const systemDb = openSystemDb(machines.systemDir)
  const directory = await openSystemDirectory({ databaseUrl: machines.databaseUrl, systemDb })
  const move = await moveOrganisation({
    directory,
    machines: machines.machines,
    organisationId,
    to: 'b',
    // Held read-only until the writer has been refused a few times.
    whileReadOnly: async () => {
      await waitFor(() => refusals.length >= 3, 20_000)
      pushedWhileMoving = await pushRows(admin, 'appConnections', edit)
    },
  })
  await directory.close()
  systemDb.$client.close()
  expect([move.from, move.to]).toEqual(['a', 'b'])
  const afterMove = acknowledged.length
  await waitFor(() => acknowledged.length >= afterMove + 20, 20_000)
  isWriting = false
  await writing
  expect(await move.firstWrite).toBe('written')

  // The push was refused whole, to be sent again (sync/client/replication-push.ts keeps a
  // batch answered 5xx and retries it); sent again on the new machine, it is taken.
  expect(pushedWhileMoving?.status, pushedWhileMoving?.text).toBe(503)
  expect(pushedWhileMoving?.headers.get('retry-after')).toBeTruthy()
  expect((pushedWhileMoving?.json as ErrorAnswer | undefined)?.message).toMatch(/verhuist/)
  const pushedAgain = await pushRows(admin, 'appConnections', edit)
  expect(pushedAgain.status, pushedAgain.text).toBe(200)
  expect((pushedAgain.json as Pushed).refused).toEqual([])

  expect(refusals.length).toBeGreaterThanOrEqual(3)
  for (const refusal of refusals) {
    expect(refusal.status).toBe(503)
    expect(Number(refusal.retryAfter)).toBeGreaterThan(0)
    expect(refusal.message).toMatch(/verhuist|verhuisd/)
  }
  // None lost, none twice: the new machine holds each acknowledged write once.
  const there = namesOnMachine('b', organisationId)
  expect(descriptionOnMachine('b', organisationId, first.id)).toBe('Bewerkt op het toestel')
  expect(there.length).toBe(new Set(there).size)
  expect(new Set(there)).toEqual(new Set(acknowledged))
  // The old file was set aside and removed after the first write; the marker stays.
  const oldDir = path.join(machines.dataDirOf('a'), 'orgs')
  expect(readdirSync(oldDir).filter((name) => name.startsWith(`${organisationId}.sqlite`))).toEqual(
    [`${organisationId}.sqlite.moving`],
  )
  expect(readMoveMarker(machines.dataDirOf('a'), organisationId)).toEqual({
    stage: 'moved',
    machine: 'b',
  })

  // Its requests now reach machine b; the old machine, asked directly, answers 503.
  const routed = await machines.countRouted(async () => {
    for (let i = 0; i < 10; i++) expect((await admin.get('/api/app-connections')).status).toBe(200)
  })
  expect(routed).toEqual({ a: 0, b: 10 })
  const direct = createClient(machines.processOf('a').url)
  for (const [name, value] of admin.cookies) direct.cookies.set(name, value)
  const stale = await direct.post('/api/app-connections', {
    name: 'Oud',
    url: 'https://oud.example.com',
  })
  expect(stale.status).toBe(503)
  expect(stale.headers.get('retry-after')).toBeTruthy()
  const endedAt = Date.now()
  await stream.ended
  const again = await openEventStream(`${machines.url}/api/sync/v1/stream`, cookieOf(admin))
  await waitFor(() => again.messages.length >= 1)
  await again.close()
  // The old machine told its streams the organisation left, instead of failing to read it.
  expect(
    machines.processOf('a').errorLinesWith('telling the event streams of a change failed'),
  ).toEqual([])
  console.log(
    `the old machine's event stream ended ${Date.now() - endedAt} ms after the checks; ` +
      `moved under load: ${acknowledged.length} writes acknowledged, ${refusals.length} answered 503 and sent again`,
  )
}, 120_000)

/** `npm run organisation:move` as an operator runs it (under tsx), against these machines. */
function runMoveCommand(args: string[]) {
  return run(process.execPath, ['--import', 'tsx', 'server/cli/move-organisation.ts', ...args], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATA_DIR: machines.dataDirOf('a'),
      SYSTEM_DIR: machines.systemDir,
      MACHINES_FILE: machines.machinesFile,
      ...(machines.databaseUrl && { DATABASE_URL: machines.databaseUrl }),
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

test('the command refuses an unknown organisation, an unknown machine, the machine that holds it and the platform organisation', async () => {
  const { organisationId } = await createOrganisationWithAdmin('blijver')
  const [unknown, nowhere, same, platform] = await Promise.all([
    runMoveCommand(['org-bestaat-niet', 'b']),
    runMoveCommand([organisationId, 'c']),
    runMoveCommand([organisationId, 'a']),
    runMoveCommand([DEFAULT_ORGANISATION_ID, 'b']),
  ])
  expect(unknown.code).toBe(1)
  expect(unknown.stderr).toContain('refused: unknown organisation: org-bestaat-niet')
  expect(nowhere.code).toBe(1)
  expect(nowhere.stderr).toContain('refused: unknown machine: c (known: a, b)')
  expect(same.code).toBe(1)
  expect(same.stderr).toContain(`refused: ${organisationId} is already on a`)
  expect(platform.code).toBe(1)
  expect(platform.stderr).toContain('refused: the platform organisation stays on the home machine')
  // Nothing moved: the file is where it was, writable, and no marker was left.
  const oldFile = path.join(machines.dataDirOf('a'), 'orgs', `${organisationId}.sqlite`)
  expect(existsSync(oldFile)).toBe(true)
  expect(readMoveMarker(machines.dataDirOf('a'), organisationId)).toBeNull()
  expect(existsSync(path.join(machines.dataDirOf('b'), 'orgs', `${organisationId}.sqlite`))).toBe(
    false,
  )
}, 120_000)

test('moved there and back with the command: it ends at the first write on the new machine, which removes the old file', async () => {
  const { organisationId, admin } = await createOrganisationWithAdmin('heen-en-terug')
  const write = (name: string) =>
    admin.post('/api/app-connections', { name, url: 'https://heen.example.com' })
  expect((await write('Voor')).status).toBe(201)
  for (const [to, name] of [
    ['b', 'Heen'],
    ['a', 'Terug'],
  ] as const) {
    const command = runMoveCommand([organisationId, to])
    // The command waits for the first write: it comes once requests reach the new machine.
    await waitFor(
      () => existsSync(path.join(machines.dataDirOf(to), 'orgs', `${organisationId}.sqlite`)),
      20_000,
    )
    let answer = await write(name)
    while (answer.status === 503) answer = await write(name)
    expect(answer.status, answer.text).toBe(201)
    const { code, stdout, stderr } = await command
    expect(code, stderr).toBe(0)
    expect(stdout).toContain(`requests reach ${to}`)
    expect(stdout).toContain('first write landed; old file removed')
  }
  expect(namesOnMachine('a', organisationId).sort()).toEqual(['Heen', 'Terug', 'Voor'])
  expect(readMoveMarker(machines.dataDirOf('a'), organisationId)).toBeNull()
  expect(readMoveMarker(machines.dataDirOf('b'), organisationId)).toEqual({
    stage: 'moved',
    machine: 'a',
  })
  const routed = await machines.countRouted(async () => {
    expect((await admin.get('/api/app-connections')).status).toBe(200)
  })
  expect(routed).toEqual({ a: 1, b: 0 })
}, 60_000)

test('the automatic Drive backup follows the organisation: scheduled on the machine it moved to, let go on the old one', async () => {
  const { organisationId, admin } = await createOrganisationWithAdmin('back-up-mee')
  // Drive connected (written in the file: Google is not reached here), then the automatic
  // backup switched on in Instellingen → Backups.
  const file = new Database(path.join(machines.dataDirOf('a'), 'orgs', `${organisationId}.sqlite`))
  file
    .prepare(
      `update backup_settings set google_drive_enabled = 1, google_refresh_token = 'refresh'`,
    )
    .run()
  file.close()
  const saved = await admin.post('/api/backup/settings', {
    autoBackupEnabled: true,
    backupSchedule: '0 2 * * *',
  })
  expect(saved.status, saved.text).toBe(200)
  const nextBackupAt = async () => {
    const answer = await admin.get('/api/backup/settings')
    expect(answer.status, answer.text).toBe(200)
    return (answer.json as BackupSettings).nextBackupAt
  }
  await eventually(async () => expect(await nextBackupAt()).toBeGreaterThan(Date.now()))

  const command = runMoveCommand([organisationId, 'b'])
  await waitFor(
    () => existsSync(path.join(machines.dataDirOf('b'), 'orgs', `${organisationId}.sqlite`)),
    20_000,
  )
  const write = () =>
    admin.post('/api/app-connections', { name: 'Na', url: 'https://na.example.com' })
  let answer = await write()
  while (answer.status === 503) answer = await write()
  expect(answer.status, answer.text).toBe(201)
  expect((await command).code).toBe(0)

  // Machine b answers now, with its own schedule; machine a let its job go.
  await eventually(async () => expect(await nextBackupAt()).toBeGreaterThan(Date.now()))
  const routed = await machines.countRouted(async () => {
    await nextBackupAt()
  })
  expect(routed).toEqual({ a: 0, b: 1 })
  await eventually(() =>
    expect(
      machines
        .processOf('a')
        .linesWith('automatic backup left to the machine that holds the organisation')
        .filter((line) => line.includes(organisationId)),
    ).toHaveLength(1),
  )
  expect(
    machines
      .processOf('b')
      .linesWith('automatic backup left to the machine that holds the organisation'),
  ).toEqual([])
}, 60_000)
