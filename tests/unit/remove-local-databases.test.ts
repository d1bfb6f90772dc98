import { IDBFactory } from 'fake-indexeddb'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { DATABASES_TO_REMOVE_KEY, removeMarkedDatabases } from '#sync/client/databases-to-remove'
import { getLocalDatabaseName } from '#sync/client/local-database-name'
import { removeLocalDatabase } from '#sync/client/remove-local-databases'
import type { AreaAccount } from '#sync/client/signed-in-account'

// A logout or a switch of organisation deletes the person's local database; when a
// connection still holds its files (the database worker filling it), the deletion is
// blocked and the page reloads regardless. The database stays marked, and the next start
// deletes it before it opens anything: a shared phone keeps nothing of the account it left.

const account: AreaAccount = { area: 'central', organisationId: 'org-a', userId: 'u-1' }
const name = getLocalDatabaseName(account.organisationId, account.userId, account.area)
const file = `rxdb-dexie-${name}--0--users`
const otherFile = `rxdb-dexie-${getLocalDatabaseName('org-b', 'u-1')}--0--users`
let stored: Map<string, string>

beforeEach(() => {
  stored = new Map()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
    removeItem: (key: string) => void stored.delete(key),
  })
  vi.stubGlobal('indexedDB', new IDBFactory())
})

afterEach(() => {
  vi.unstubAllGlobals()
})

function openFile(fileName: string) {
  return new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(fileName, 1)
    request.onupgradeneeded = () => request.result.createObjectStore('docs')
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

const fileNames = async () => (await indexedDB.databases()).map((info) => info.name)

test('a database nothing holds open is deleted at once, and nothing stays marked', async () => {
  ;(await openFile(file)).close()
  ;(await openFile(otherFile)).close()
  await removeLocalDatabase(account)
  expect(await fileNames()).toEqual([otherFile])
  expect(stored.has(DATABASES_TO_REMOVE_KEY)).toBe(false)
})

test('a deletion blocked by an open connection stays marked; the next start finishes it', async () => {
  const holder = await openFile(file)
  // Like a database worker that keeps its connection until the page goes.
  holder.onversionchange = null
  await removeLocalDatabase(account)
  expect(JSON.parse(stored.get(DATABASES_TO_REMOVE_KEY) ?? '[]')).toEqual([name])
  holder.close() // the reload ends the worker

  await removeMarkedDatabases()
  expect(await fileNames()).not.toContain(file)
  expect(stored.has(DATABASES_TO_REMOVE_KEY)).toBe(false)
})

test('a start with nothing marked deletes nothing', async () => {
  ;(await openFile(otherFile)).close()
  await removeMarkedDatabases()
  expect(await fileNames()).toEqual([otherFile])
})
