import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { endSession, LOGOUT_SEND_WAIT_MS } from '#web/lib/offline-queue/pending-logout.ts'
import {
  addQueueItem,
  deleteQueueItem,
  LOGOUT_URLS,
  listQueueItems,
  QUEUE_ITEM_MAX_AGE_MS,
  removeQueueItemsOf,
} from '#web/lib/offline-queue/queue-store.ts'
import { QUEUE_SEND_TIMEOUT_MS, replayQueue } from '#web/lib/offline-queue/replay-queue.ts'

// The replay rules of docs/architecture.md "Offline REST queue", against a real IndexedDB
// implementation (fake-indexeddb) and a scripted server.

/** An answer that never comes: the request waits until its signal aborts it. */
const NEVER = 'never'
const answers = new Map<string, (() => Response) | typeof NEVER>()
const sent: { url: string; method: string; key: string | null; body: unknown }[] = []

beforeEach(async () => {
  for (const item of await listQueueItems()) await deleteQueueItem(item.id)
  answers.clear()
  sent.length = 0
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers)
    sent.push({
      url,
      method: init.method ?? 'GET',
      key: headers.get('idempotency-key'),
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    })
    const answer = answers.get(url)
    if (answer === NEVER) {
      return new Promise<Response>((_, reject) =>
        init.signal?.addEventListener('abort', () => reject(new DOMException('', 'AbortError'))),
      )
    }
    if (!answer) throw new TypeError('Failed to fetch')
    return answer()
  })
})

/** Waits, without timers (they may be faked), until `count` requests have gone out. */
async function untilSent(count: number) {
  while (sent.length < count) await new Promise((resolve) => setImmediate(resolve))
}

afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

async function queue(
  url: string,
  body: unknown = { name: url },
  extra: { account?: string; timestamp?: number } = {},
) {
  return addQueueItem({
    url,
    method: 'PATCH',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': `key-${url}` },
    body,
    timestamp: extra.timestamp ?? Date.now(),
    ...(extra.account && { account: extra.account }),
  })
}

const outcome = (counts: Partial<Awaited<ReturnType<typeof replayQueue>>>) => ({
  sent: 0,
  failed: 0,
  pending: 0,
  waiting: 0,
  expired: 0,
  ...counts,
})

test('2xx removes, 4xx is kept as failed with the server message, 5xx stays pending with attempts', async () => {
  await queue('/ok')
  await queue('/refused')
  await queue('/broken')
  answers.set('/ok', () => json(200, { ok: true }))
  answers.set('/refused', () =>
    json(400, { message: 'contactEmail: Voer een geldig e-mailadres in' }),
  )
  answers.set('/broken', () => new Response('', { status: 503, statusText: 'Service Unavailable' }))

  expect(await replayQueue()).toEqual(outcome({ sent: 1, failed: 1, pending: 1 }))
  // Sent oldest first, exactly as queued, with the stored Idempotency-Key.
  expect(sent.map((request) => [request.url, request.method, request.key])).toEqual([
    ['/ok', 'PATCH', 'key-/ok'],
    ['/refused', 'PATCH', 'key-/refused'],
    ['/broken', 'PATCH', 'key-/broken'],
  ])
  expect(sent[0]?.body).toEqual({ name: '/ok' })
  const items = await listQueueItems()
  expect(items.map((item) => [item.url, item.status, item.attempts, item.error])).toEqual([
    ['/refused', 'failed', 1, 'contactEmail: Voer een geldig e-mailadres in'],
    ['/broken', 'pending', 1, '503: Service Unavailable'],
  ])

  // A failed item is not sent again; a pending one is, and counts another attempt.
  sent.length = 0
  expect(await replayQueue()).toEqual(outcome({ pending: 1 }))
  expect(sent.map((request) => request.url)).toEqual(['/broken'])
  expect((await listQueueItems()).find((item) => item.url === '/broken')?.attempts).toBe(2)
})

test('a network error keeps everything pending and ends the run', async () => {
  await queue('/unreachable')
  await queue('/ok')
  answers.set('/ok', () => json(200, {}))
  expect(await replayQueue()).toEqual(outcome({ pending: 2 }))
  expect(sent.map((request) => request.url)).toEqual(['/unreachable'])
  const items = await listQueueItems()
  expect(items.map((item) => [item.status, item.attempts])).toEqual([
    ['pending', 0],
    ['pending', 0],
  ])
})

test('429 waits like a server error instead of failing for good', async () => {
  await queue('/busy')
  answers.set('/busy', () => json(429, { message: 'Te veel pogingen' }))
  expect(await replayQueue()).toEqual(outcome({ pending: 1 }))
  expect((await listQueueItems())[0]).toMatchObject({
    status: 'pending',
    error: 'Te veel pogingen',
  })
})

test("401 and another account's 409 keep an item waiting for its person instead of failing it", async () => {
  await queue('/signed-out')
  await queue('/someone-else')
  await queue('/taken-slug')
  answers.set('/signed-out', () => json(401, { message: 'Niet ingelogd' }))
  answers.set('/someone-else', () => {
    const response = json(409, { message: 'ander account' })
    response.headers.set('x-centraal-other-account', '1')
    return response
  })
  // A 409 about the data itself is a refusal like any other.
  answers.set('/taken-slug', () => json(409, { message: 'Deze slug is al in gebruik' }))
  expect(await replayQueue()).toEqual(outcome({ waiting: 2, failed: 1 }))
  const items = await listQueueItems()
  expect(items.map((item) => item.status)).toEqual(['pending', 'pending', 'failed'])
  expect(items[0]?.error).toMatch(/weer inlogt/)
  // Once the person is back, it goes.
  answers.set('/signed-out', () => json(200, {}))
  answers.set('/someone-else', () => json(200, {}))
  expect(await replayQueue()).toEqual(outcome({ sent: 2 }))
})

test('an item older than 30 days, the longest a session lasts, is not sent but kept as expired, with the reason', async () => {
  expect(QUEUE_ITEM_MAX_AGE_MS).toBe(30 * 24 * 60 * 60 * 1000)
  await queue('/29-days', undefined, { timestamp: Date.now() - 29 * 24 * 60 * 60 * 1000 })
  await queue('/old', undefined, { timestamp: Date.now() - QUEUE_ITEM_MAX_AGE_MS - 1000 })
  await queue('/new')
  answers.set('/29-days', () => json(200, {}))
  answers.set('/old', () => json(200, {}))
  answers.set('/new', () => json(200, {}))
  expect(await replayQueue()).toEqual(outcome({ sent: 2, expired: 1 }))
  expect(sent.map((request) => request.url)).toEqual(['/29-days', '/new'])
  const [old] = await listQueueItems()
  expect(old).toMatchObject({ url: '/old', status: 'expired' })
  expect(old?.error).toBe('Niet verstuurd: langer dan 30 dagen niet verzonden.')
})

test("the page sends only its signed-in person's items; a logout removes only theirs", async () => {
  await queue('/anna', undefined, { account: 'org-a/anna' })
  await queue('/bert', undefined, { account: 'org-b/bert' })
  answers.set('/anna', () => json(200, {}))
  answers.set('/bert', () => json(200, {}))
  const isBert = (item: { account?: string }) => item.account === 'org-b/bert'
  expect(await replayQueue(isBert)).toEqual(outcome({ sent: 1, waiting: 1 }))
  expect(sent.map((request) => request.url)).toEqual(['/bert'])
  await queue('/bert-again', undefined, { account: 'org-b/bert' })
  await removeQueueItemsOf('org-b/bert')
  expect((await listQueueItems()).map((item) => item.url)).toEqual(['/anna'])
})

test('a send left unanswered is given up after 30 s and stays pending, freeing the replay', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  await queue('/hangs')
  await queue('/after')
  answers.set('/hangs', NEVER)
  answers.set('/after', () => json(200, {}))
  const replay = replayQueue()
  await untilSent(1)
  await vi.advanceTimersByTimeAsync(QUEUE_SEND_TIMEOUT_MS)
  expect(await replay).toEqual(outcome({ pending: 2 }))
  expect((await listQueueItems()).map((item) => [item.url, item.status])).toEqual([
    ['/hangs', 'pending'],
    ['/after', 'pending'],
  ])
})

test('a logout whose call hangs lets the page leave after 5 s, still queued for the next page', async () => {
  const storage = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
    removeItem: (key: string) => storage.delete(key),
  })
  vi.stubGlobal('navigator', { onLine: true })
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  answers.set(LOGOUT_URLS.central, NEVER)
  let hasLeft = false
  const leaving = endSession('central', 'org-a/anna').then(() => {
    hasLeft = true
  })
  await untilSent(1)
  await vi.advanceTimersByTimeAsync(LOGOUT_SEND_WAIT_MS - 1)
  expect(hasLeft).toBe(false)
  await vi.advanceTimersByTimeAsync(1)
  await leaving
  expect(sent.map((request) => request.url)).toEqual([LOGOUT_URLS.central])
  const [logout] = await listQueueItems()
  expect(logout).toMatchObject({ url: LOGOUT_URLS.central, status: 'pending' })
  // The device counts as signed out until it is carried out.
  expect(storage.size).toBe(1)
  await vi.advanceTimersByTimeAsync(QUEUE_SEND_TIMEOUT_MS)
})
