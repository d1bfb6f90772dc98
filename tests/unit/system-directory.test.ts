import { expect, test } from 'vitest'
import { SESSION_MAX_AGE_MS } from '#schema/constants'
import { hashToken } from '../../server/auth/tokens.ts'
import {
  endAccountSessions,
  endSession,
  openSession,
  readLiveSession,
  SESSION_TTL_MS,
} from '../../server/system-directory/session-lifetime.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'
import { describeOnEveryEngine } from '../support/system-directory-engines.ts'

// The system directory's contract, sessions and organisations: the same cases on the SQLite
// file and on PostgreSQL (decision 047). Placements: system-directory-placements.test.ts.

const DAY = 24 * 60 * 60 * 1000
const ann = { kind: 'central', organisationId: 'org-a', userId: 'ann' } as const

async function placeAnn(directory: SystemDirectory) {
  await directory.addEntry({ ...ann, email: 'ann@example.nl' })
}

describeOnEveryEngine('system directory: sessions', (current) => {
  test('a session opens, reads back whole by its token, and stores only the hash', async () => {
    const directory = current()
    await placeAnn(directory)
    const proven = [{ organisationId: 'org-a', userId: 'ann', passwordDigest: 'd1' }]
    const now = Date.now()
    const { token, expire } = await openSession(directory, { ...ann, provenAccounts: proven }, now)
    expect(expire).toBe(now + SESSION_TTL_MS)
    const live = await readLiveSession(directory, token, 'central', now + 1000)
    expect(live).toEqual({
      data: { ...ann, createdAt: now, provenAccounts: proven },
      expire,
      isRenewed: false,
    })
    expect(await directory.findSession(token)).toBeNull()
    expect((await directory.findSession(hashToken(token)))?.expire).toBe(expire)
    expect(await readLiveSession(directory, 'made-up', 'central')).toBeNull()
  })

  test('a token read as the other kind is no session and ends nothing', async () => {
    const directory = current()
    await placeAnn(directory)
    const { token } = await openSession(directory, ann)
    expect(await readLiveSession(directory, token, 'sales')).toBeNull()
    await endSession(directory, token, 'sales')
    expect(await readLiveSession(directory, token, 'central')).not.toBeNull()
    await endSession(directory, token, 'central')
    expect(await readLiveSession(directory, token, 'central')).toBeNull()
  })

  test('a session whose account left the login directory is ended, and stays ended', async () => {
    const directory = current()
    await placeAnn(directory)
    const { token } = await openSession(directory, ann)
    await directory.removeEntry(ann)
    expect(await readLiveSession(directory, token, 'central')).toBeNull()
    await placeAnn(directory)
    expect(await readLiveSession(directory, token, 'central')).toBeNull()
  })

  test('used in its second half a session is extended; past its expiry it ends', async () => {
    const directory = current()
    await placeAnn(directory)
    const now = Date.now()
    const { token, expire } = await openSession(directory, ann, now)
    const later = now + 8 * DAY
    const renewed = await readLiveSession(directory, token, 'central', later)
    expect(renewed).toMatchObject({ isRenewed: true, expire: later + SESSION_TTL_MS })
    expect(renewed?.expire).toBeGreaterThan(expire)
    const again = await readLiveSession(directory, token, 'central', later + 1000)
    expect(again).toMatchObject({ isRenewed: false, expire: later + SESSION_TTL_MS })
    expect(await readLiveSession(directory, token, 'central', later + SESSION_TTL_MS)).toBeNull()
    expect(await directory.findSession(hashToken(token))).toBeNull()
  })

  test('no session outlives its absolute lifetime from the sign-in, however busy', async () => {
    const directory = current()
    await placeAnn(directory)
    const now = Date.now()
    const signedInAt = now - SESSION_MAX_AGE_MS + DAY
    const { token, expire } = await openSession(directory, { ...ann, createdAt: signedInAt }, now)
    expect(expire).toBe(signedInAt + SESSION_MAX_AGE_MS)
    const live = await readLiveSession(directory, token, 'central', now + DAY / 2)
    expect(live).toMatchObject({ isRenewed: false, expire, data: { createdAt: signedInAt } })
    expect(await readLiveSession(directory, token, 'central', expire)).toBeNull()
  })

  test("an account's sessions end together, but for one kept, and no one else's", async () => {
    const directory = current()
    await placeAnn(directory)
    const namesake = { kind: 'central', organisationId: 'org-b', userId: 'ann' } as const
    await directory.addEntry({ ...namesake, email: 'ann@example.nl' })
    const salesAnn = { ...ann, kind: 'sales' } as const
    await directory.addEntry({ ...salesAnn, email: 'ann@example.nl' })
    const [first, second, kept] = [
      await openSession(directory, ann),
      await openSession(directory, ann),
      await openSession(directory, ann),
    ]
    const other = await openSession(directory, namesake)
    const sales = await openSession(directory, salesAnn)
    await endAccountSessions(directory, ann, { exceptToken: kept.token })
    for (const { token } of [first, second]) {
      expect(await readLiveSession(directory, token, 'central')).toBeNull()
    }
    expect(await readLiveSession(directory, kept.token, 'central')).not.toBeNull()
    expect(await readLiveSession(directory, other.token, 'central')).not.toBeNull()
    expect(await readLiveSession(directory, sales.token, 'sales')).not.toBeNull()
    await endAccountSessions(directory, ann)
    expect(await readLiveSession(directory, kept.token, 'central')).toBeNull()
  })

  test("an organisation's sessions end together; expired ones are swept", async () => {
    const directory = current()
    await placeAnn(directory)
    const bob = { kind: 'central', organisationId: 'org-b', userId: 'bob' } as const
    await directory.addEntry({ ...bob, email: 'bob@example.nl' })
    const annSession = await openSession(directory, ann)
    const bobSession = await openSession(directory, bob)
    await directory.deleteOrganisationSessions('org-a')
    expect(await readLiveSession(directory, annSession.token, 'central')).toBeNull()
    expect(await readLiveSession(directory, bobSession.token, 'central')).not.toBeNull()
    await directory.deleteExpiredSessions(bobSession.expire - 1)
    expect(await directory.findSession(hashToken(bobSession.token))).not.toBeNull()
    await directory.deleteExpiredSessions(bobSession.expire + 1)
    expect(await directory.findSession(hashToken(bobSession.token))).toBeNull()
  })
})

describeOnEveryEngine('system directory: organisations', (current) => {
  const acme = { id: 'org-acme', name: 'Acme', slug: 'acme', createdAt: 1_764_000_000_123 }

  test('an organisation is created once, by id and by slug, with its defaults', async () => {
    const directory = current()
    const created = await directory.createOrganisation(acme)
    const expected = {
      ...acme,
      plan: 'free',
      status: 'active',
      branding: {},
      settings: {},
      restoredAt: null,
    }
    expect(created).toEqual(expected)
    expect(await directory.findOrganisation('org-acme')).toEqual(expected)
    expect(await directory.findOrganisationBySlug('acme')).toEqual(expected)
    expect(await directory.createOrganisation({ ...acme, id: 'org-other' })).toBeNull()
    expect(await directory.createOrganisation({ ...acme, slug: 'other' })).toBeNull()
    expect(await directory.findOrganisationBySlug('other')).toBeNull()
    expect(await directory.findOrganisation('org-other')).toBeNull()
    expect(await directory.listOrganisationIds()).toEqual(['org-acme'])
  })

  test('the list is ordered by name byte by byte, as the SQLite file orders it', async () => {
    const directory = current()
    for (const [id, name] of [
      ['1', 'alpha'],
      ['2', 'Zeta'],
      ['3', 'Beta'],
      ['4', 'Élan'],
    ] as const) {
      await directory.createOrganisation({ id, name, slug: `s${id}`, createdAt: 1 })
    }
    const names = (await directory.listOrganisations()).map((organisation) => organisation.name)
    expect(names).toEqual(['Beta', 'Zeta', 'alpha', 'Élan'])
    expect((await directory.listOrganisations())[0]).toEqual({
      id: '3',
      name: 'Beta',
      slug: 's3',
      plan: 'free',
      status: 'active',
      createdAt: 1,
    })
    expect((await directory.listOrganisationIds()).sort()).toEqual(['1', '2', '3', '4'])
  })

  test('names are found for the ids that exist, each once', async () => {
    const directory = current()
    await directory.createOrganisation(acme)
    await directory.createOrganisation({ id: 'org-b', name: 'Bravo', slug: 'b', createdAt: 1 })
    const found = await directory.findOrganisationNames(['org-b', 'org-gone', 'org-acme', 'org-b'])
    expect(found.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'org-acme', name: 'Acme' },
      { id: 'org-b', name: 'Bravo' },
    ])
    expect(await directory.findOrganisationNames([])).toEqual([])
  })

  test('a rename reaches the list; an epoch always moves forward', async () => {
    const directory = current()
    await directory.createOrganisation(acme)
    await directory.renameOrganisation('org-acme', 'Acme Makelaars')
    expect((await directory.findOrganisation('org-acme'))?.name).toBe('Acme Makelaars')
    const now = Date.now()
    expect(await directory.startOrganisationEpoch('org-acme', now)).toBe(now)
    // Twice within one millisecond (the same `now`), and with a clock set back.
    expect(await directory.startOrganisationEpoch('org-acme', now)).toBe(now + 1)
    expect(await directory.startOrganisationEpoch('org-acme', now - DAY)).toBe(now + 2)
    expect((await directory.findOrganisation('org-acme'))?.restoredAt).toBe(now + 2)
    expect(await directory.startOrganisationEpoch('org-unknown', now)).toBeNull()
  })

  test('epochs started at once on one organisation are all different', async () => {
    const directory = current()
    await directory.createOrganisation(acme)
    const now = Date.now()
    const epochs = await Promise.all(
      Array.from({ length: 8 }, () => directory.startOrganisationEpoch('org-acme', now)),
    )
    expect(new Set(epochs).size).toBe(8)
    expect(Math.max(...(epochs as number[]))).toBe(now + 7)
  })

  test('an organisation is on the home machine until placed; a new placement replaces it', async () => {
    const directory = current()
    await directory.createOrganisation(acme)
    expect(await directory.findPlacement('org-acme')).toBeNull()
    expect(await directory.listPlacements()).toEqual([])
    await directory.placeOrganisation('org-acme', 'b', 1_000)
    // A placement names an organisation by id only: on PostgreSQL the system file's own
    // table of organisations stays empty, so none is asked for.
    await directory.placeOrganisation('org-elsewhere', 'c', 2_000)
    await directory.placeOrganisation('org-acme', 'a', 3_000)
    expect(await directory.findPlacement('org-acme')).toBe('a')
    const placements = await directory.listPlacements()
    expect(placements.sort((x, y) => x.organisationId.localeCompare(y.organisationId))).toEqual([
      { organisationId: 'org-acme', machine: 'a', placedAt: 3_000 },
      { organisationId: 'org-elsewhere', machine: 'c', placedAt: 2_000 },
    ])
  })
})
