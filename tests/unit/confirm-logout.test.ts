import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { getLocalDatabaseName } from '#sync/client/local-database-name'
import type { AreaAccount } from '#sync/client/signed-in-account'
import { createSyncStatus } from '#sync/client/sync-status'
import { readUnsentNotice, writeUnsentNotice } from '#sync/client/unsent-notice'
import { confirmLogout } from '../../web/lib/confirm-logout.ts'

// The logout's question names each area's unsent work (decision 029): the other area's
// from the notice its replicating tab left, under the area's name; a logout that keeps the
// other area's work says so in a line.

const central: AreaAccount = { area: 'central', organisationId: 'org-1', userId: 'u-1' }
const sales: AreaAccount = { area: 'sales', organisationId: 'org-1', userId: 's-1' }
const nameOf = (account: AreaAccount) =>
  getLocalDatabaseName(account.organisationId, account.userId, account.area)

let asked: string[]

beforeEach(() => {
  const stored = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  })
  asked = []
  vi.stubGlobal('window', {
    confirm: (message: string) => {
      asked.push(message)
      return false
    },
  })
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function openDatabase(account: AreaAccount, labels: string[]) {
  const status = createSyncStatus()
  status.update({
    unsent: labels.map((label) => ({
      collection: account.area === 'sales' ? 'projects' : 'appConnections',
      id: label,
      label,
      kind: 'create',
    })),
  })
  return { name: nameOf(account), status }
}

test('a Centraal logout lists both areas, each under its name, the other from its notice', async () => {
  writeUnsentNotice(nameOf(sales), [
    { collection: 'projects', id: 'p-1', label: 'Zuidas', kind: 'create' },
  ])
  expect(await confirmLogout(openDatabase(central, ['Boekhouding']), [central, sales])).toBe(false)
  expect(asked).toEqual([
    [
      'Deze 2 wijzigingen zijn nog niet naar de server verstuurd:',
      'Centraal:',
      '• App Boekhouding (nieuw)',
      'Gold Estates:',
      '• Project Zuidas (nieuw)',
      '',
      'Uitloggen verwijdert ze van dit apparaat. Toch uitloggen?',
    ].join('\n'),
  ])
})

test('only the other area has unsent work: still named under its area', async () => {
  writeUnsentNotice(nameOf(sales), [
    { collection: 'projects', id: 'p-1', label: 'Zuidas', kind: 'update' },
  ])
  await confirmLogout(openDatabase(central, []), [central, sales])
  expect(asked[0]).toContain('Gold Estates:\n• Project Zuidas (gewijzigd)')
})

test('a Gold Estates logout says that Centraal’s work stays, and asks nothing when only that waits', async () => {
  writeUnsentNotice(nameOf(central), [
    { collection: 'appConnections', id: 'a-1', label: 'Boekhouding', kind: 'create' },
    { collection: 'appConnections', id: 'a-2', label: 'Planning', kind: 'create' },
  ])
  expect(await confirmLogout(openDatabase(sales, []), [sales], { staying: [central] })).toBe(true)
  expect(asked).toEqual([])
  const database = openDatabase(sales, ['Zuidas'])
  await confirmLogout(database, [sales], { staying: [central] })
  expect(asked[0]).toBe(
    [
      'Deze wijziging is nog niet naar de server verstuurd:',
      '• Project Zuidas (nieuw)',
      '',
      'Je 2 wijzigingen in Centraal blijven op dit apparaat en worden nog verzonden.',
      'Uitloggen verwijdert deze van dit apparaat. Toch uitloggen?',
    ].join('\n'),
  )
})

test('a notice emptied is gone', () => {
  writeUnsentNotice(nameOf(central), [
    { collection: 'appConnections', id: 'a-1', label: 'Boekhouding', kind: 'create' },
  ])
  writeUnsentNotice(nameOf(central), [])
  expect(readUnsentNotice(nameOf(central))).toEqual([])
})

test('a change made a moment ago, not yet in the recounted list, is counted before asking', async () => {
  const database = openDatabase(central, [])
  // The database's own count: the change the person just made, which the recount (every
  // 400 ms) had not reached yet.
  const countUnsent = async () =>
    database.status.update({
      unsent: [{ collection: 'appConnections', id: 'a-1', label: 'Boekhouding', kind: 'create' }],
    })
  expect(await confirmLogout({ ...database, countUnsent }, [central])).toBe(false)
  expect(asked[0]).toContain('Deze wijziging is nog niet naar de server verstuurd:')
  expect(asked[0]).toContain('Boekhouding')
})
