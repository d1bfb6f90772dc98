import { afterEach, expect, test, vi } from 'vitest'
import { createConflictHandler } from '#sync/client/conflict-handler'
import { fetchPull, fetchPush } from '#sync/client/sync-http'
import { createSyncStatus } from '#sync/client/sync-status'

afterEach(() => vi.unstubAllGlobals())

const anna = { organisationId: 'org-a', userId: 'anna' }

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  )
}

test('a 426 marks the app outdated and a 401 signed out; both fail the call for a retry', async () => {
  const status = createSyncStatus()
  answer(426, { message: 'Deze versie van de app is verouderd.' })
  await expect(fetchPull('users', 0, 10, status, anna)).rejects.toThrow(/^426: /)
  expect(status.get().problem).toBe('outdated')

  const other = createSyncStatus()
  answer(401, { message: 'Niet ingelogd' })
  await expect(fetchPush('users', [], other, anna)).rejects.toThrow(/^401: /)
  expect(other.get().problem).toBe('signed-out')
  // A later answer that works clears "signed out" (signed in again in another tab).
  answer(200, { documents: [], checkpoint: { seq: 3 } })
  expect(await fetchPull('users', 3, 10, other, anna)).toEqual({
    documents: [],
    checkpoint: { seq: 3 },
  })
  expect(other.get().problem).toBeNull()
})

test('pull sends the checkpoint and limit; push sends the rows; both name the account', async () => {
  const status = createSyncStatus()
  const fetch = vi.fn(async () => new Response(JSON.stringify({ conflicts: [], refused: [] })))
  vi.stubGlobal('fetch', fetch)
  await fetchPull('appConnections', 42, 500, status, anna)
  const row = { newDocumentState: { id: 'a', _deleted: false, name: 'X' } }
  await fetchPush('appConnections', [row], status, anna)
  const calls = fetch.mock.calls as unknown as [string, RequestInit | undefined][]
  expect(calls[0]?.[0]).toBe('/api/sync/v1/appConnections/pull?checkpoint=42&limit=500')
  expect(calls[1]?.[0]).toBe('/api/sync/v1/appConnections/push')
  expect(calls[1]?.[1]?.method).toBe('POST')
  expect(JSON.parse(String(calls[1]?.[1]?.body))).toEqual({ rows: [row] })
  // Both say whose local database they are for.
  for (const [, init] of calls) {
    const headers = (init?.headers ?? {}) as Record<string, string>
    expect(headers['x-centraal-account']).toBe('org-a/anna')
  }
})

test('refused writes are kept with their reason and announced once each', () => {
  const status = createSyncStatus()
  const heard: string[] = []
  status.onRefused((change) => heard.push(change.reason))
  const change = { id: 'u1', reason: 'Geen rechten', collection: 'users', label: 'Jan', at: 1 }
  status.addRefused(change)
  status.addRefused({ ...change, id: 'u2', reason: 'Ongeldig' })
  expect(status.get().refused.map((refused) => refused.id)).toEqual(['u2', 'u1'])
  expect(heard).toEqual(['Geen rechten', 'Ongeldig'])
  status.dismissRefused()
  expect(status.get().refused).toEqual([])
})

test('the conflict handler merges edits, but reverts a refused write to the server state', async () => {
  const refused = new Set<string>()
  const handler = createConflictHandler<Record<string, unknown>>(refused)
  const assumed = { id: 'app', name: 'Oud', url: 'https://a.example.com', _deleted: false }
  const real = { ...assumed, url: 'https://b.example.com' }
  const mine = { ...assumed, name: 'Nieuw' }
  const input = { assumedMasterState: assumed, realMasterState: real, newDocumentState: mine }
  expect(await handler.resolve(input, 'test')).toEqual({ ...real, name: 'Nieuw' })
  refused.add('app')
  expect(await handler.resolve(input, 'test')).toEqual(real)
  // The mark is used once: a later, allowed edit merges again.
  expect(refused.has('app')).toBe(false)
  expect(handler.isEqual(real, { ...real, _meta: { lwt: 1 } } as never, 'test')).toBe(true)
})
