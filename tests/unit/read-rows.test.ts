import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { asc } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { activities, users } from '#schema/db/organisation'
import { takeNextSeq } from '#server/db/next-seq'
import { openOrganisationDb } from '#server/db/open-organisation-db'
import { readRows } from '#server/db/read-rows'

const dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-read-rows-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

test('reads rows exactly as drizzle does: booleans, JSON, nulls and numbers decoded per column', () => {
  const db = openOrganisationDb(dataDir, 'read-rows', 'Read rows')
  const now = 1_760_000_000_000
  db.insert(activities)
    .values([
      {
        id: 'a1',
        organisationId: 'read-rows',
        user: 'Beheerder',
        action: 'Met gegevens',
        type: 'user' as const,
        timestamp: now,
        updatedAt: now,
        metadata: { email: 'iemand@example.com', count: 2, nested: { ok: true } },
        seq: takeNextSeq(db),
      },
      {
        id: 'a2',
        organisationId: 'read-rows',
        user: 'Beheerder',
        action: 'Zonder gegevens',
        type: 'user' as const,
        timestamp: now + 1,
        updatedAt: now + 1,
        metadata: null,
        seq: takeNextSeq(db),
      },
    ])
    .run()
  db.insert(users)
    .values({
      id: 'u1',
      organisationId: 'read-rows',
      name: 'Iemand',
      email: 'iemand@example.com',
      setupCompleted: true,
      emailNotifications: false,
      deleted: true,
      seq: takeNextSeq(db),
      updatedAt: now,
      createdAt: now,
    })
    .run()
  for (const table of [activities, users]) {
    const query = db.select().from(table).orderBy(asc(table.seq))
    const expected = query.all()
    expect(expected.length).toBeGreaterThan(0)
    expect(readRows(db, table, query)).toEqual(expected)
  }
  // The statement is shared (statements are cached by SQL text): drizzle still gets objects.
  expect(db.select().from(users).all()[0]).toHaveProperty('email')
})
