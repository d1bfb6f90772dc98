import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { loginDirectory, organisations } from '#schema/db/system'
import { openSystemDb, type SystemDb } from '../../server/db/system-db.ts'
import { createSqliteSystemDirectory } from '../../server/system-directory/sqlite-system-directory.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'

// The SQLite system directory works on today's tables with today's meaning: while the
// server's callers move to it one by one (decision 047), what a moved caller writes is what
// an unmoved one reads, and the other way round, on the one connection. (The sessions have
// moved whole: their cases are system-directory.test.ts's, on both engines.)

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

test("organisations and entries written through the directory read as today's code reads them", async () => {
  await directory.createOrganisation({ id: 'org-a', name: 'A', slug: 'a', createdAt: 1 })
  const epoch = await directory.startOrganisationEpoch('org-a', Date.now())
  const row = systemDb.select().from(organisations).where(eq(organisations.id, 'org-a')).get()
  expect(row?.restoredAt).toBe(epoch)
  expect(row).toEqual(await directory.findOrganisation('org-a'))

  await directory.changeEntryEmail(ann, 'ann@elders.nl')
  const entry = systemDb
    .select()
    .from(loginDirectory)
    .where(
      and(eq(loginDirectory.email, 'ann@elders.nl'), eq(loginDirectory.organisationId, 'org-a')),
    )
    .get()
  expect(entry).toEqual(await directory.findEntryIn('central', 'ANN@elders.nl', 'org-a'))
})
