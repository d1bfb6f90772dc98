import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { loginDirectory, organisations } from '#schema/db/system'
import {
  createSession,
  deleteOrganisationSessions,
  deleteUserSessions,
  validateSession,
} from '../../server/auth/sessions.ts'
import { hashToken } from '../../server/auth/tokens.ts'
import { openSystemDb, type SystemDb } from '../../server/db/system-db.ts'
import { findDirectoryEntryIn } from '../../server/services/sign-in/find-directory-entries.ts'
import {
  endAccountSessions,
  openSession,
  readLiveSession,
  SESSION_TTL_MS,
} from '../../server/system-directory/session-lifetime.ts'
import { createSqliteSystemDirectory } from '../../server/system-directory/sqlite-system-directory.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'

// The SQLite system directory works on today's tables with today's meaning: while the
// server's callers move to it one by one (decision 047), what a moved caller writes is what
// an unmoved one reads, and the other way round, on the one connection.

const DAY = 24 * 60 * 60 * 1000
const ann = { kind: 'central', organisationId: 'org-a', userId: 'ann' } as const

let folder: string
let systemDb: SystemDb
let directory: SystemDirectory

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'centraal-system-interop-'))
  systemDb = openSystemDb(folder)
  directory = createSqliteSystemDirectory(systemDb)
  systemDb
    .insert(loginDirectory)
    .values({ ...ann, email: 'ann@example.nl' })
    .run()
})

afterEach(() => {
  systemDb.$client.close()
  rmSync(folder, { recursive: true, force: true })
})

test("a session opened by today's code is the directory's, and the other way round", async () => {
  const proven = [{ organisationId: 'org-a', userId: 'ann', passwordDigest: 'd' }]
  const old = createSession(systemDb, { ...ann, provenAccounts: proven })
  expect(await readLiveSession(directory, old.token, 'central')).toEqual(
    validateSession(systemDb, old.token, 'central'),
  )
  const moved = await openSession(directory, { ...ann, provenAccounts: proven })
  expect(validateSession(systemDb, moved.token, 'central')).toEqual(
    await readLiveSession(directory, moved.token, 'central'),
  )
  expect(validateSession(systemDb, moved.token, 'central')?.data.provenAccounts).toEqual(proven)
})

test('a renewal by either is seen by the other; an ending by either ends it for both', async () => {
  const now = Date.now()
  const old = createSession(systemDb, ann)
  const renewed = await readLiveSession(directory, old.token, 'central', now + 8 * DAY)
  expect(renewed?.isRenewed).toBe(true)
  expect((await directory.findSession(hashToken(old.token)))?.expire).toBe(
    now + 8 * DAY + SESSION_TTL_MS,
  )
  expect(validateSession(systemDb, old.token, 'central')?.expire).toBe(renewed?.expire)

  const moved = await openSession(directory, ann)
  deleteUserSessions(systemDb, ann, { exceptToken: moved.token })
  expect(validateSession(systemDb, old.token, 'central')).toBeNull()
  await endAccountSessions(directory, ann)
  expect(validateSession(systemDb, moved.token, 'central')).toBeNull()

  const last = createSession(systemDb, ann)
  await directory.deleteOrganisationSessions('org-b')
  expect(validateSession(systemDb, last.token, 'central')).not.toBeNull()
  deleteOrganisationSessions(systemDb, 'org-a')
  expect(await readLiveSession(directory, last.token, 'central')).toBeNull()
})

test("organisations and entries written through the directory read as today's code reads them", async () => {
  await directory.createOrganisation({ id: 'org-a', name: 'A', slug: 'a', createdAt: 1 })
  const epoch = await directory.startOrganisationEpoch('org-a', Date.now())
  const row = systemDb.select().from(organisations).where(eq(organisations.id, 'org-a')).get()
  expect(row?.restoredAt).toBe(epoch)
  expect(row).toEqual(await directory.findOrganisation('org-a'))

  await directory.changeEntryEmail(ann, 'ann@elders.nl')
  expect(findDirectoryEntryIn(systemDb, 'central', 'ANN@elders.nl', 'org-a')).toEqual(
    await directory.findEntryIn('central', 'ann@elders.nl', 'org-a'),
  )
})
