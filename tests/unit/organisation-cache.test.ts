import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { organisationProfile } from '#schema/db/organisation'
import { OrganisationCache } from '../../server/db/organisation-cache.ts'
import { getOrganisationFile } from '../../server/db/organisation-db.ts'
import { removeMoveMarker, writeMoveMarker } from '../../server/db/organisation-move-marker.ts'
import { openSystemDb, type SystemDb } from '../../server/db/system-db.ts'
import { createOrganisation } from '../../server/services/platform-organisations/create-organisation.ts'
import { createSqliteSystemDirectory } from '../../server/system-directory/sqlite-system-directory.ts'
import type { SystemDirectory } from '../../server/system-directory/system-directory.ts'

// The cache opens organisation files synchronously, so it cannot ask the system directory
// (decision 047): it knows an organisation by the names it was told, or by its file.

let folder: string
let systemDb: SystemDb
let directory: SystemDirectory
const caches: OrganisationCache[] = []

const openCache = () => {
  const cache = new OrganisationCache(folder, directory, 4)
  caches.push(cache)
  return cache
}

const profileName = (cache: OrganisationCache, id: string) =>
  cache.get(id).select().from(organisationProfile).where(eq(organisationProfile.id, id)).get()?.name

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'centraal-organisation-cache-'))
  systemDb = openSystemDb(folder)
  directory = createSqliteSystemDirectory(systemDb)
})

afterEach(() => {
  for (const cache of caches.splice(0)) cache.closeAll()
  systemDb.$client.close()
  rmSync(folder, { recursive: true, force: true })
})

test('an organisation created by another process opens from its file; an id never created does not', async () => {
  const here = openCache()
  const other = openCache()
  await createOrganisation(
    { directory, organisations: other },
    { id: 'org-a', name: 'Alfa', slug: 'a' },
  )
  expect(profileName(here, 'org-a')).toBe('Alfa')
  expect(() => here.get('org-made-up')).toThrow('Unknown organisation: org-made-up')
  expect(existsSync(getOrganisationFile(folder, 'org-made-up'))).toBe(false)
})

test('an organisation without its file yet is made with its name once the directory was read', async () => {
  await directory.createOrganisation({ id: 'org-b', name: 'Bravo', slug: 'b', createdAt: 1 })
  const cache = openCache()
  expect(() => cache.get('org-b')).toThrow('Unknown organisation: org-b')
  expect(await cache.heldIds()).toEqual(['org-b'])
  expect(profileName(cache, 'org-b')).toBe('Bravo')
})

test('with several machines, what a machine holds follows the placements and the files a move leaves', async () => {
  const onB = new OrganisationCache(folder, directory, 4, undefined, {
    machine: 'b',
    homeMachine: 'a',
  })
  caches.push(onB)
  await directory.createOrganisation({ id: 'org-c', name: 'Charlie', slug: 'c', createdAt: 1 })
  await onB.learnOrganisations()
  // Without a placement, the home machine holds it; b says no and makes no file.
  expect(onB.holds('org-c')).toBe(false)
  expect(() => onB.get('org-c')).toThrow('staat op een andere machine')
  expect(existsSync(getOrganisationFile(folder, 'org-c'))).toBe(false)

  // Placed on b while b's placements were read before: b learns it at its next "no".
  await directory.placeOrganisation('org-c', 'b', Date.now())
  expect(onB.holds('org-c')).toBe(false)
  await expect.poll(() => onB.holds('org-c')).toBe(true)
  expect(profileName(onB, 'org-c')).toBe('Charlie')

  // Moved away: the marker the move leaves says so at once, whatever b read last.
  writeMoveMarker(folder, 'org-c', { stage: 'moved', machine: 'a' })
  expect(onB.holds('org-c')).toBe(false)

  // Moved here again, before b read the placements: its file, with no marker, says so.
  const elsewhere = new OrganisationCache(folder, directory, 4, undefined, {
    machine: 'b',
    homeMachine: 'a',
  })
  caches.push(elsewhere)
  await directory.placeOrganisation('org-c', 'a', Date.now())
  await elsewhere.learnPlacements()
  removeMoveMarker(folder, 'org-c')
  expect(elsewhere.holds('org-c')).toBe(true)
})

test('with several machines, an organisation made a moment ago through another machine is "try again", then made', async () => {
  const onA = new OrganisationCache(folder, directory, 4, undefined, {
    machine: 'a',
    homeMachine: 'a',
  })
  const onB = new OrganisationCache(folder, directory, 4, undefined, {
    machine: 'b',
    homeMachine: 'a',
  })
  caches.push(onA, onB)
  await onA.learnOrganisations()
  // Made through machine b, which does not hold it and makes no file: a was never told.
  await createOrganisation(
    { directory, organisations: onB },
    { id: 'org-d', name: 'Delta', slug: 'd' },
  )
  expect(() => onA.get('org-d')).toThrow('net aangemaakt')
  expect(existsSync(getOrganisationFile(folder, 'org-d'))).toBe(false)
  // The second of the answer's Retry-After: a has read the names meanwhile.
  await expect.poll(() => onA.get('org-d') !== undefined).toBe(true)
  expect(profileName(onA, 'org-d')).toBe('Delta')
})
