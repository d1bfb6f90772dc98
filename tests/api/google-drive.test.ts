import { statSync } from 'node:fs'
import path from 'node:path'
import { strFromU8, unzipSync } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { ROOT, signIn, signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { signInNewOrganisationOwner } from '../support/api-organisations.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { findFreePort } from '../support/free-port.ts'
import { type GoogleStandIn, startGoogleStandIn } from '../support/google-stand-in.ts'
import type { Client } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import {
  type ErrorAnswer,
  type PartOf,
  type TypedApi,
  typedClient,
} from '../support/typed-client.ts'

type Backup = TypedApi['backup']
type Settings = InferResponseType<Backup['settings']['$get'], 200>
type Saved = InferResponseType<Backup['settings']['$post'], 200>
type Connect = InferResponseType<Backup['google-drive']['connect']['$post'], 200>
type Run = InferResponseType<Backup['google-drive']['run']['$post'], 200>
// Its 502 (a run that kept failing) carries the run's result beside the message.
type RunFailed = Extract<
  InferResponseType<Backup['google-drive']['run']['$post']>,
  { result: unknown }
>
type Disconnected = InferResponseType<Backup['google-drive']['disconnect']['$post'], 200>

// Backups to Google Drive against a local stand-in that speaks Google's paths and shapes.

const GOOGLE = { clientId: 'centraal-test.apps.googleusercontent.com', clientSecret: 'gs-secret' }
const DAY_MS = 24 * 60 * 60 * 1000
const RETRY_BASE_MS = 60

let google: GoogleStandIn
let server: TestServer
let admin: Client
let member: Client
let otherAdmin: Client

beforeAll(async () => {
  google = await startGoogleStandIn(GOOGLE)
  // The redirect URI carries Centraal's own URL, so its port is chosen first.
  const port = await findFreePort()
  server = await startTestServer({
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    GOOGLE_CLIENT_ID: GOOGLE.clientId,
    GOOGLE_CLIENT_SECRET: GOOGLE.clientSecret,
    GOOGLE_API_ROOT: google.url,
    BACKUP_RETRY_BASE_MS: String(RETRY_BASE_MS),
  })
  admin = await signInFirstSuperadmin(server)
  member = await signInInvitedUser(server, { email: 'member@example.com', role: 'USER' })
  otherAdmin = await signInNewOrganisationOwner(server, 'org-b', 'admin@b.example.com')
})
afterAll(async () => {
  vi.useRealTimers()
  await server?.close()
  await google?.close()
})

/** The row as it is on disk, read beside the server. */
function readStoredSettings(organisationId = 'default-org') {
  const db = openOrganisationFile(server.dataDir, organisationId)
  try {
    return db.prepare('select * from backup_settings').get() as Record<string, unknown>
  } finally {
    db.close()
  }
}

/** The backup settings as the screen reads them. */
const readSettings = async (client: Client): Promise<Settings> =>
  (await client.get('/api/backup/settings')).json

/** Connect, Google's consent screen, and the callback, as the person's browser would. */
async function connectThroughGoogle(starter: Client, finisher = starter) {
  const start = await starter.post('/api/backup/google-drive/connect')
  expect(start.status).toBe(200)
  const { url }: Connect = start.json
  const consent = await fetch(url, { redirect: 'manual' })
  expect(consent.status).toBe(302)
  const callback = new URL(consent.headers.get('location') ?? '')
  const finish = await finisher.get(`${callback.pathname}${callback.search}`)
  expect(finish.status).toBe(302)
  return { consentUrl: new URL(url), callback, location: finish.headers.get('location') }
}

async function activityActions(client: Client) {
  return (await (await typedClient(server.url, client.cookies).activities.$get()).json()).map(
    (activity) => `${activity.type}: ${activity.action}`,
  )
}

const CONNECTED = '/settings?tab=backups&googleDrive=verbonden'
const FAILED = '/settings?tab=backups&googleDrive=mislukt'

test('without Google credentials, connect says so and the settings tell the screen', async () => {
  const bare = await startTestServer()
  try {
    const root = await signInFirstSuperadmin(bare)
    expect((await readSettings(root)).googleDriveConfigured).toBe(false)
    const connect = await root.post('/api/backup/google-drive/connect')
    expectRefusal(connect, 503, /Google Drive is niet geconfigureerd/)
  } finally {
    await bare.close()
  }
})

describe('settings', () => {
  test('defaults, and never a token', async () => {
    const response = await admin.get('/api/backup/settings')
    expect(response.status).toBe(200)
    expect(response.json).toEqual({
      googleDriveConfigured: true,
      googleDriveEnabled: false,
      googleDriveFolderName: 'Centraal Backups',
      autoBackupEnabled: false,
      retentionDays: 30,
      backupFormats: 'json,csv',
      backupSchedule: '0 2 * * *',
      lastBackupAt: null,
      lastBackupStatus: null,
      lastBackupError: null,
      nextBackupAt: null,
    } satisfies Settings)
  })

  test('bad input is refused with 400 and changes nothing', async () => {
    const before = readStoredSettings()
    for (const body of [
      { backupSchedule: '*/5 * * * *' },
      { backupSchedule: '0 2 * * 1' },
      { backupSchedule: '0 24 * * *' },
      { backupSchedule: '60 2 * * *' },
      { retentionDays: 31 },
      { retentionDays: '30' },
      { backupFormats: '' },
      { backupFormats: 'json,pdf' },
      { backupFormats: 'sqlite' },
      { googleDriveFolderName: '   ' },
      { googleDriveFolderName: 'x'.repeat(101) },
      { autoBackupEnabled: 'yes' },
      { googleRefreshToken: 'planted' },
      {},
    ]) {
      const response = await admin.post('/api/backup/settings', body)
      expect(response.status, JSON.stringify(body)).toBe(400)
      expect((response.json as ErrorAnswer).message, JSON.stringify(body)).toBeTruthy()
    }
    // docs/behaviour.md: automatic backups need the Drive connection.
    const early = await admin.post('/api/backup/settings', { autoBackupEnabled: true })
    expectRefusal(early, 409, 'Automatische backups kunnen pas aan als Google Drive is verbonden')
    expect(readStoredSettings()).toEqual(before)
  })

  test('good input is saved, answered and logged as a settings activity', async () => {
    const response = await admin.post('/api/backup/settings', {
      googleDriveFolderName: 'Backups Acme',
      backupSchedule: '15 3 * * *',
      retentionDays: 14,
      backupFormats: 'csv, json',
    })
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      googleDriveFolderName: 'Backups Acme',
      backupSchedule: '15 3 * * *',
      retentionDays: 14,
      backupFormats: 'json,csv',
      autoBackupEnabled: false,
    } satisfies PartOf<Saved>)
    expect(await readSettings(admin)).toEqual(response.json)
    expect(await activityActions(admin)).toContain('settings: Backupinstellingen bijgewerkt')
    const reset = await admin.post('/api/backup/settings', {
      googleDriveFolderName: 'Centraal Backups',
      backupSchedule: '0 2 * * *',
      retentionDays: 30,
    })
    expect(reset.status).toBe(200)
  })

  test('a USER may read but not change or connect (403)', async () => {
    expect((await member.get('/api/backup/settings')).status).toBe(200)
    const before = readStoredSettings()
    for (const [path, body] of [
      ['/api/backup/settings', { retentionDays: 7 }],
      ['/api/backup/google-drive/connect', undefined],
      ['/api/backup/google-drive/disconnect', undefined],
      ['/api/backup/google-drive/run', undefined],
    ] as const) {
      expect((await member.post(path, body)).status, path).toBe(403)
    }
    expect(readStoredSettings()).toEqual(before)
  })
})

describe('connecting', () => {
  test('consent, callback, tokens sealed at rest, the folder made in Drive', async () => {
    const { consentUrl, callback, location } = await connectThroughGoogle(admin)
    const params = consentUrl.searchParams
    expect(consentUrl.origin + consentUrl.pathname).toBe(`${google.url}/o/oauth2/v2/auth`)
    expect(params.get('access_type')).toBe('offline')
    expect(params.get('prompt')).toBe('consent')
    expect(params.get('scope')).toBe('https://www.googleapis.com/auth/drive.file')
    expect(params.get('client_id')).toBe(GOOGLE.clientId)
    expect(params.get('redirect_uri')).toBe(`${server.url}/api/backup/google-drive/callback`)
    expect(params.get('state')).toMatch(/^[a-z2-7]{32}$/)
    expect(location).toBe(CONNECTED)

    const settings = await readSettings(admin)
    expect(settings).toMatchObject({
      googleDriveEnabled: true,
      autoBackupEnabled: false,
    } satisfies PartOf<Settings>)
    expect(google.foldersNamed('Centraal Backups')).toHaveLength(1)

    // The raw column holds neither token, only sealed text; the key file is private.
    const stored = readStoredSettings()
    const [refreshToken] = google.refreshTokens()
    const [accessToken] = google.accessTokens()
    expect(refreshToken && accessToken).toBeTruthy()
    const raw = JSON.stringify(stored)
    expect(raw).not.toContain(refreshToken)
    expect(raw).not.toContain(accessToken)
    expect(stored.google_refresh_token).toMatch(/^v1:/)
    expect(stored.google_access_token).toMatch(/^v1:/)
    expect(stored.google_drive_folder_id).toBe(google.foldersNamed('Centraal Backups')[0]?.id)
    expect(statSync(path.join(server.dataDir, 'secret.key')).mode & 0o777).toBe(0o600)
    expect(await activityActions(admin)).toContain('settings: Google Drive verbonden')

    // A state works once.
    const replay = await admin.get(`${callback.pathname}${callback.search}`)
    expect(replay.headers.get('location')).toBe(FAILED)
  })

  test('a refused consent, a stranger at the callback or a forged state end in failure', async () => {
    const before = readStoredSettings('org-b')
    google.state.denyConsent = true
    try {
      expect((await connectThroughGoogle(otherAdmin)).location).toBe(FAILED)
    } finally {
      google.state.denyConsent = false
    }
    // Org A's admin started it; org B's admin (or anyone else) cannot finish it.
    expect((await connectThroughGoogle(admin, otherAdmin)).location).toBe(FAILED)
    expect((await connectThroughGoogle(otherAdmin, member)).location).toBe(FAILED)
    const forged = await otherAdmin.get('/api/backup/google-drive/callback?code=x&state=forged')
    expect(forged.headers.get('location')).toBe(FAILED)
    expect(readStoredSettings('org-b')).toEqual(before)
    expect(readStoredSettings().google_drive_enabled).toBe(1)
  })

  test("an org-B owner sees and changes only org B's settings", async () => {
    const ours = readStoredSettings()
    const theirs = await readSettings(otherAdmin)
    expect(theirs).toMatchObject({ googleDriveEnabled: false, retentionDays: 30 })
    expect((await otherAdmin.post('/api/backup/settings', { retentionDays: 90 })).status).toBe(200)
    expect((await otherAdmin.post('/api/backup/google-drive/run')).status).toBe(409)
    expect((await otherAdmin.post('/api/backup/google-drive/disconnect')).status).toBe(200)
    expect(readStoredSettings('org-b').retention_days).toBe(90)
    expect(readStoredSettings()).toEqual(ours)
  })
})

/**
 * Waits until the organisation's last backup is recorded after `since`. A loop of its own:
 * under fake timers expect.poll and vi.waitFor move the faked clock on, and the schedule with it.
 */
async function waitForBackupAfter(since: number, timeoutMs = 20_000) {
  const started = performance.now()
  while (performance.now() - started < timeoutMs) {
    const settings = await readSettings(admin)
    const { lastBackupAt } = settings
    if (lastBackupAt !== null && lastBackupAt >= since) return { ...settings, lastBackupAt }
    // The interval between two looks of this loop, which waits for the condition above.
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('no backup was recorded in time')
}

function folderId() {
  return String(readStoredSettings().google_drive_folder_id)
}

describe('backups to Drive', () => {
  test('a schedule of 14:30 fires at 14:30 and uploads JSON and CSV into the folder', async () => {
    // The clock (Date only) is set to 14:29:58 today and runs on; croner's real timer fires.
    const fireAt = new Date()
    fireAt.setHours(14, 30, 0, 0)
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    try {
      vi.setSystemTime(fireAt.getTime() - 2000)
      const saved = await admin.post('/api/backup/settings', {
        autoBackupEnabled: true,
        backupSchedule: '30 14 * * *',
        backupFormats: 'json,csv',
      })
      expect(saved.status).toBe(200)
      expect((saved.json as Saved).nextBackupAt).toBe(fireAt.getTime())
      expect(google.filesIn(folderId())).toHaveLength(0)

      const settings = await waitForBackupAfter(fireAt.getTime())
      expect(settings.lastBackupStatus).toBe('success')
      expect(settings.lastBackupError).toBeNull()
      expect(settings.lastBackupAt - fireAt.getTime()).toBeLessThan(1000)
      expect(settings.nextBackupAt).toBe(fireAt.getTime() + DAY_MS)
    } finally {
      vi.useRealTimers()
    }

    const date = fireAt.toLocaleDateString('sv-SE')
    const uploaded = google.filesIn(folderId())
    expect(uploaded.map((file) => file.name).sort()).toEqual([
      `centraal-backup-default-org-${date}-1430.json`,
      `centraal-backup-default-org-${date}-1430.zip`,
    ])
    for (const file of uploaded) {
      expect(file.appProperties).toEqual({ centraalBackup: 'true', organisationId: 'default-org' })
    }
    const json = uploaded.find((file) => file.name.endsWith('.json'))
    const zip = uploaded.find((file) => file.name.endsWith('.zip'))
    expect(json?.mimeType).toBe('application/json')
    expect(zip?.mimeType).toBe('application/zip')
    const backup = JSON.parse(json?.content.toString() ?? '{}')
    expect(backup).toMatchObject({ format: 'centraal-backup', organisation: { id: 'default-org' } })
    // A backup in Drive never carries the tokens that wrote it, plain or sealed.
    const stored = readStoredSettings()
    const secrets = [stored.google_refresh_token, stored.google_access_token]
    for (const secret of [...secrets, ...google.refreshTokens(), ...google.accessTokens()]) {
      expect(json?.content.toString()).not.toContain(String(secret))
    }
    const csv = unzipSync(new Uint8Array(zip?.content ?? []))
    expect(strFromU8(csv['users.csv'] ?? new Uint8Array())).toMatch(/^id,seq,/)
  })

  test('an expired access token is refreshed and the new one stored sealed', async () => {
    const sealedBefore = readStoredSettings().google_access_token
    const refreshesBefore = google.state.requests.filter((r) => r.grantType === 'refresh_token')
    // Two days on: the stored token's hour has passed for Centraal and for Google.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true })
    try {
      vi.setSystemTime(Date.now() + 2 * DAY_MS)
      const run = await admin.post('/api/backup/google-drive/run')
      expect(run.status).toBe(200)
      expect((run.json as Run).status).toBe('success')
    } finally {
      vi.useRealTimers()
    }
    const refreshes = google.state.requests.filter((r) => r.grantType === 'refresh_token')
    expect(refreshes.length).toBe(refreshesBefore.length + 1)
    const stored = readStoredSettings()
    expect(stored.google_access_token).not.toBe(sealedBefore)
    expect(JSON.stringify(stored)).not.toContain(google.accessTokens().at(-1))

    // Google may also drop a token before its expiry: the 401 leads to a refresh and a retry.
    google.expireAccessTokens()
    const again = await admin.post('/api/backup/google-drive/run')
    expect((again.json as Run).status).toBe('success')
    expect(google.state.requests.filter((r) => r.grantType === 'refresh_token').length).toBe(
      refreshes.length + 1,
    )
  })

  test('retention deletes only Centraal backups of this organisation past the period', async () => {
    const folder = folderId()
    const longAgo = new Date(Date.now() - 31 * DAY_MS).toISOString()
    const ours = { centraalBackup: 'true', organisationId: 'default-org' }
    const expired = google.addFile({
      name: 'centraal-backup-default-org-old.json',
      parents: [folder],
      appProperties: ours,
      createdTime: longAgo,
    })
    const fresh = google.addFile({
      name: 'centraal-backup-default-org-recent.json',
      parents: [folder],
      appProperties: ours,
      createdTime: new Date(Date.now() - 29 * DAY_MS).toISOString(),
    })
    const foreign = google.addFile({
      name: 'jaarverslag.pdf',
      parents: [folder],
      createdTime: longAgo,
    })
    const otherOrganisation = google.addFile({
      name: 'centraal-backup-org-b-old.json',
      parents: [folder],
      appProperties: { centraalBackup: 'true', organisationId: 'org-b' },
      createdTime: longAgo,
    })
    const run = await admin.post('/api/backup/google-drive/run')
    expect(run.status).toBe(200)
    expect(run.json).toMatchObject({
      status: 'success',
      deleted: 1,
      error: null,
    } satisfies PartOf<Run>)
    const left = new Set(google.listFiles().map((file) => file.id))
    expect(left.has(expired.id)).toBe(false)
    for (const kept of [fresh, foreign, otherOrganisation]) expect(left.has(kept.id)).toBe(true)
  })

  test('a failed upload is retried with backoff; a run that keeps failing keeps old backups', async () => {
    google.state.failingUploads = 1
    const once = await admin.post('/api/backup/google-drive/run')
    expect(once.json).toMatchObject({ status: 'success', error: null } satisfies PartOf<Run>)
    expect((once.json as Run).uploaded).toHaveLength(2)

    const expired = google.addFile({
      name: 'centraal-backup-default-org-old.json',
      parents: [folderId()],
      appProperties: { centraalBackup: 'true', organisationId: 'default-org' },
      createdTime: new Date(Date.now() - 40 * DAY_MS).toISOString(),
    })
    const filesBefore = google.listFiles().length
    const uploadsBefore = google.state.requests.length
    google.state.failingUploads = Number.POSITIVE_INFINITY
    try {
      const failed = await admin.post('/api/backup/google-drive/run')
      expect(failed.status).toBe(502)
      const refusal: RunFailed = failed.json
      expect(refusal.message).toMatch(/^Backup naar Google Drive mislukt: Upload van /)
      expect(refusal.result).toMatchObject({
        status: 'failed',
        deleted: 0,
        uploaded: [],
      } satisfies PartOf<RunFailed['result']>)
    } finally {
      google.state.failingUploads = 0
    }
    const uploads = google.state.requests
      .slice(uploadsBefore)
      .filter((request) => request.path === '/upload/drive/v3/files')
    expect(uploads).toHaveLength(3)
    const [first, second, third] = uploads.map((request) => request.at)
    expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(RETRY_BASE_MS - 5)
    expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(2 * RETRY_BASE_MS - 5)
    expect(google.listFiles().some((file) => file.id === expired.id)).toBe(true)
    expect(google.listFiles()).toHaveLength(filesBefore)
    const settings = await readSettings(admin)
    expect(settings.lastBackupStatus).toBe('failed')
    expect(settings.lastBackupError).toMatch(/mislukt na 3 pogingen: HTTP 500: Backend Error/)
  })

  test('a restore that brings other backup settings schedules by them at once', async () => {
    const at = (hours: number) => {
      const next = new Date()
      next.setHours(hours, 0, 0, 0)
      if (next.getTime() <= Date.now()) next.setDate(next.getDate() + 1)
      return next.getTime()
    }
    const settings = (schedule: string) => ({
      autoBackupEnabled: true,
      backupSchedule: schedule,
      backupFormats: 'json',
    })
    expect((await admin.post('/api/backup/settings', settings('0 3 * * *'))).status).toBe(200)
    const backup = await admin.post('/api/admin/backup', { format: 'json' })
    expect(backup.status).toBe(200)
    const later = await admin.post('/api/backup/settings', settings('0 4 * * *'))
    expect((later.json as Saved).nextBackupAt).toBe(at(4))

    const restored = await admin.post('/api/admin/restore', backup.text)
    expect(restored.status, restored.text).toBe(200)
    // The restore ended the session. A backup carries no Google tokens, so the restored
    // settings have no connection: nothing is scheduled, not the 04:00 of before.
    admin = await signIn(server, ROOT)
    const after = await readSettings(admin)
    expect(after).toMatchObject({
      backupSchedule: '0 3 * * *',
      googleDriveEnabled: false,
    } satisfies PartOf<Settings>)
    expect(after.nextBackupAt).toBeNull()
    // Connected again, the restored schedule is the one that fires.
    await connectThroughGoogle(admin)
    expect((await readSettings(admin)).nextBackupAt).toBe(at(3))
  })
})

describe('disconnecting', () => {
  test('revokes the grant at Google, forgets the tokens and stops automatic backups', async () => {
    const refreshToken = google.refreshTokens().at(-1) ?? ''
    expect(readStoredSettings().auto_backup_enabled).toBe(1)
    const response = await admin.post('/api/backup/google-drive/disconnect')
    expect(response.status).toBe(200)
    expect(response.json).toMatchObject({
      googleDriveEnabled: false,
      autoBackupEnabled: false,
      nextBackupAt: null,
    } satisfies PartOf<Disconnected>)
    expect(google.isRevoked(refreshToken)).toBe(true)
    const stored = readStoredSettings()
    expect(stored.google_access_token).toBeNull()
    expect(stored.google_refresh_token).toBeNull()
    expect(await activityActions(admin)).toContain('settings: Google Drive ontkoppeld')
    expect((await admin.post('/api/backup/google-drive/run')).status).toBe(409)
  })

  test('a revoke Google refuses still forgets the tokens here', async () => {
    expect((await connectThroughGoogle(admin)).location).toBe(CONNECTED)
    google.state.revokeFailureStatus = 400
    try {
      const response = await admin.post('/api/backup/google-drive/disconnect')
      expect(response.status).toBe(200)
      expect((response.json as Disconnected).googleDriveEnabled).toBe(false)
    } finally {
      google.state.revokeFailureStatus = undefined
    }
    expect(google.isRevoked(google.refreshTokens().at(-1) ?? '')).toBe(false)
    expect(readStoredSettings().google_refresh_token).toBeNull()
  })
})
