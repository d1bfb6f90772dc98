import { describe, expect, test } from 'vitest'
import { launchKeyOf } from '#schema/db/system'
import { openPostgresSystemDirectory } from '../../server/system-directory/postgres-system-directory.ts'
import type { DirectoryEntry } from '../../server/system-directory/system-directory.ts'
import { findPostgresBin } from '../support/postgres-server.ts'
import { describeOnEveryEngine, usePostgresServer } from '../support/system-directory-engines.ts'

// The system directory's contract, the login directory (which account of which organisation
// an address or an SSO subject opens): the same cases on both engines (decision 047).

const entry = (
  organisationId: string,
  userId: string,
  email = 'ann@example.nl',
): DirectoryEntry => ({
  email,
  kind: 'central',
  organisationId,
  userId,
  oidcSubject: null,
})

describeOnEveryEngine('system directory: placements', (current) => {
  test('an address finds its account in an organisation, typed in any case', async () => {
    const directory = current()
    await directory.addEntry({
      email: 'ann@example.nl',
      kind: 'central',
      organisationId: 'org-a',
      userId: 'u1',
    })
    expect(await directory.findEntryIn('central', '  Ann@Example.NL ', 'org-a')).toEqual(
      entry('org-a', 'u1'),
    )
    expect(await directory.findEntryIn('sales', 'ann@example.nl', 'org-a')).toBeNull()
    expect(await directory.findEntryIn('central', 'ann@example.nl', 'org-b')).toBeNull()
    expect(
      await directory.isListed({ kind: 'central', organisationId: 'org-a', userId: 'u1' }),
    ).toBe(true)
    expect(
      await directory.isListed({ kind: 'central', organisationId: 'org-b', userId: 'u1' }),
    ).toBe(false)
    expect(await directory.isListed({ kind: 'sales', organisationId: 'org-a', userId: 'u1' })).toBe(
      false,
    )
  })

  test('one address is one account per organisation and kind', async () => {
    const directory = current()
    await directory.addEntry(entry('org-a', 'u1'))
    await expect(directory.addEntry(entry('org-a', 'u2'))).rejects.toThrow()
    await directory.addEntry(entry('org-b', 'u2'))
    await directory.addEntry({ ...entry('org-a', 's1'), kind: 'sales' })
    expect((await directory.findEntryIn('central', 'ann@example.nl', 'org-a'))?.userId).toBe('u1')
  })

  test("an address's accounts: the preferred organisations first, the others by id, bounded", async () => {
    const directory = current()
    for (const organisationId of ['org-e', 'org-c', 'org-a', 'org-d', 'org-b']) {
      await directory.addEntry(entry(organisationId, `u-${organisationId}`))
    }
    await directory.addEntry(entry('org-z', 'other', 'bob@example.nl'))
    const ids = (entries: DirectoryEntry[]) => entries.map((found) => found.organisationId)
    expect(ids(await directory.findEntries('central', 'ANN@example.nl', { limit: 10 }))).toEqual([
      'org-a',
      'org-b',
      'org-c',
      'org-d',
      'org-e',
    ])
    expect(ids(await directory.findEntries('central', 'ann@example.nl', { limit: 2 }))).toEqual([
      'org-a',
      'org-b',
    ])
    const preferred = ['org-e', 'org-d', 'org-e', 'org-unknown']
    expect(
      ids(await directory.findEntries('central', 'ann@example.nl', { preferred, limit: 2 })),
    ).toEqual(['org-e', 'org-d', 'org-a', 'org-b'])
    expect(await directory.findEntries('sales', 'ann@example.nl', { limit: 10 })).toEqual([])
  })

  test('an SSO subject is linked to one entry and finds it; never to two', async () => {
    const directory = current()
    await directory.addEntry(entry('org-a', 'u1'))
    await directory.addEntry(entry('org-b', 'u2'))
    await directory.linkSubject({ organisationId: 'org-a', email: 'ann@example.nl' }, 'sub-1')
    expect(await directory.findEntryBySubject('sub-1')).toEqual({
      ...entry('org-a', 'u1'),
      oidcSubject: 'sub-1',
    })
    await expect(
      directory.linkSubject({ organisationId: 'org-b', email: 'ann@example.nl' }, 'sub-1'),
    ).rejects.toThrow()
    expect(
      (await directory.findEntryIn('central', 'ann@example.nl', 'org-b'))?.oidcSubject,
    ).toBeNull()
    expect(await directory.findEntryBySubject('sub-2')).toBeNull()
  })

  test('an address change moves only that account; a removal removes only it', async () => {
    const directory = current()
    const account = { kind: 'central', organisationId: 'org-a', userId: 'u1' } as const
    await directory.addEntry(entry('org-a', 'u1'))
    await directory.addEntry(entry('org-b', 'u1'))
    await directory.changeEntryEmail(account, 'ann@elders.nl')
    expect(await directory.findEntryIn('central', 'ann@example.nl', 'org-a')).toBeNull()
    expect((await directory.findEntryIn('central', 'ann@elders.nl', 'org-a'))?.userId).toBe('u1')
    expect((await directory.findEntryIn('central', 'ann@example.nl', 'org-b'))?.userId).toBe('u1')
    await directory.removeEntry(account)
    expect(await directory.isListed(account)).toBe(false)
    expect(await directory.isListed({ ...account, organisationId: 'org-b' })).toBe(true)
  })

  test("an account's user id in another organisation's entry of its kind is found; its own is not", async () => {
    const directory = current()
    const account = { kind: 'central', organisationId: 'org-a', userId: 'u1' } as const
    await directory.addEntry(entry('org-a', 'u1'))
    expect(await directory.findOtherOrganisationOf(account)).toBeNull()
    await directory.addEntry({ ...entry('org-c', 'u1'), kind: 'sales' })
    expect(await directory.findOtherOrganisationOf(account)).toBeNull()
    expect(await directory.findOtherOrganisationOf({ ...account, kind: 'sales' })).toBe('org-c')
    await directory.addEntry(entry('org-b', 'u1', 'other@example.nl'))
    expect(await directory.findOtherOrganisationOf(account)).toBe('org-b')
    expect(await directory.findOtherOrganisationOf({ ...account, userId: 'u2' })).toBeNull()
  })

  test('a LAUNCH APP entry is put, and put again names the newer sales account', async () => {
    const directory = current()
    await directory.putLaunchEntry('org-a', 'central-1', 'sales-1')
    await directory.putLaunchEntry('org-a', 'central-1', 'sales-2')
    await directory.putLaunchEntry('org-b', 'central-1', 'sales-9')
    expect(await directory.findEntryIn('sales', launchKeyOf('central-1'), 'org-a')).toEqual({
      email: launchKeyOf('central-1'),
      kind: 'sales',
      organisationId: 'org-a',
      userId: 'sales-2',
      oidcSubject: null,
    })
    expect((await directory.findEntryIn('sales', launchKeyOf('central-1'), 'org-b'))?.userId).toBe(
      'sales-9',
    )
  })

  test("a rebuild replaces one organisation's entries, the first of a key kept", async () => {
    const directory = current()
    await directory.addEntry(entry('org-a', 'old'))
    await directory.addEntry(entry('org-b', 'u-b'))
    const launch = launchKeyOf('c1')
    await directory.replaceOrganisationEntries('org-a', [
      { ...entry('org-a', 'u1'), oidcSubject: 'sub-1' },
      entry('org-a', 'u2', 'bob@example.nl'),
      { ...entry('org-a', 's1', launch), kind: 'sales' },
      { ...entry('org-a', 's2', launch), kind: 'sales' },
      // Named for another organisation: the rebuild is of org-a.
      { ...entry('org-z', 's3', 'cas@example.nl'), kind: 'sales' },
    ])
    expect(
      await directory.isListed({ kind: 'central', organisationId: 'org-a', userId: 'old' }),
    ).toBe(false)
    expect((await directory.findEntryBySubject('sub-1'))?.userId).toBe('u1')
    expect((await directory.findEntryIn('central', 'bob@example.nl', 'org-a'))?.userId).toBe('u2')
    expect((await directory.findEntryIn('sales', launch, 'org-a'))?.userId).toBe('s1')
    expect((await directory.findEntryIn('sales', 'cas@example.nl', 'org-a'))?.userId).toBe('s3')
    expect(await directory.findEntryIn('sales', 'cas@example.nl', 'org-z')).toBeNull()
    expect((await directory.findEntryIn('central', 'ann@example.nl', 'org-b'))?.userId).toBe('u-b')
    await directory.replaceOrganisationEntries('org-a', [])
    expect(await directory.findEntries('central', 'bob@example.nl', { limit: 10 })).toEqual([])
    expect(await directory.findEntries('central', 'ann@example.nl', { limit: 10 })).toHaveLength(1)
  })

  test('a rebuild that fails changes nothing', async () => {
    const directory = current()
    await directory.addEntry({ ...entry('org-b', 'u-b'), oidcSubject: 'sub-taken' })
    await directory.addEntry(entry('org-a', 'old'))
    const clash = { ...entry('org-a', 'u1'), oidcSubject: 'sub-taken' }
    await expect(
      directory.replaceOrganisationEntries('org-a', [entry('org-a', 'u0', 'x@example.nl'), clash]),
    ).rejects.toThrow()
    expect(
      await directory.isListed({ kind: 'central', organisationId: 'org-a', userId: 'old' }),
    ).toBe(true)
    expect(
      await directory.isListed({ kind: 'central', organisationId: 'org-a', userId: 'u0' }),
    ).toBe(false)
  })
})

describe.skipIf(findPostgresBin() === null)(
  'system directory on PostgreSQL: several processes',
  () => {
    const server = usePostgresServer()

    test('processes opening one new database at once migrate it once and share it', async () => {
      const url = await server().createDatabase('shared')
      const open = () => openPostgresSystemDirectory(url, { maxConnections: 2 })
      const [first, second, third] = await Promise.all([open(), open(), open()])
      try {
        await first.addEntry(entry('org-a', 'u1'))
        await second.putLaunchEntry('org-a', 'c1', 's1')
        expect(
          await third.isListed({ kind: 'central', organisationId: 'org-a', userId: 'u1' }),
        ).toBe(true)
        expect((await third.findEntryIn('sales', launchKeyOf('c1'), 'org-a'))?.userId).toBe('s1')
      } finally {
        await Promise.all([first, second, third].map((directory) => directory.close()))
      }
      // Opened again later, the tables stay as they are.
      const reopened = await openPostgresSystemDirectory(url)
      expect(
        await reopened.isListed({ kind: 'central', organisationId: 'org-a', userId: 'u1' }),
      ).toBe(true)
      await reopened.close()
    })

    test('an unreachable server refuses the opening, with the reason', async () => {
      const url = (await server().createDatabase('gone')).replace(/:\d+\//, ':1/')
      await expect(openPostgresSystemDirectory(url)).rejects.toThrow(/ECONNREFUSED/)
    })
  },
)
