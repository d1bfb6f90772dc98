import { v7 as uuidv7 } from 'uuid'
import { SYNC_ACCOUNT_HEADER } from '#sync/account'
import { getSignedInAccount } from '#sync/client/signed-in-account'
import { isQueueable, queueRequest } from './offline-queue/queue-request.ts'

export { isQueuedResponse } from './offline-queue/queue-request.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Turns a non-OK answer into `Error("<status>: <body text or statusText>")` (docs/behaviour.md, Validation rules and messages).
 * The body is read as text so a JSON error body stays parseable by getServerMessage.
 */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = (await response.text().catch(() => '')) || response.statusText
  throw new Error(`${response.status}: ${text}`)
}

/**
 * The one way the web app calls the REST API (docs/behaviour.md): cookies always travel along and
 * the JSON content-type is sent only with a body.
 *
 * Every call names the page's signed-in person of its area (see requireNamedAccount on the
 * server). Every non-GET carries a fresh Idempotency-Key, so that sending it again (the offline
 * queue, a retry after a lost answer) has one effect on the server. A non-GET whose fetch
 * fails while the browser is offline is queued (docs/behaviour.md, Validation rules and messages) and answered with a synthetic
 * 202 `{ queued: true }`; `isQueuedResponse` tells a caller which happened.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const response = await sendRequest(method, url, body)
  await throwIfNotOk(response)
  return response
}

/** GET a URL and parse the JSON answer; a 401 yields null when `on401` is 'returnNull'. */
export async function getJson<T>(
  url: string,
  { on401 = 'throw' }: { on401?: 'throw' | 'returnNull' } = {},
): Promise<T | null> {
  const response = await sendRequest('GET', url)
  if (on401 === 'returnNull' && response.status === 401) return null
  await throwIfNotOk(response)
  return (await response.json()) as T
}

async function sendRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined
  const headers: Record<string, string> = {}
  if (hasBody) headers['Content-Type'] = 'application/json'
  if (method !== 'GET') headers['Idempotency-Key'] = uuidv7()
  // Whom this page shows: the server refuses (409) a call of A made under B's session, and
  // a queued call keeps the name, so it is sent for A alone.
  const account = getSignedInAccount(url.startsWith('/api/gold-estates/') ? 'sales' : 'central')
  if (account) headers[SYNC_ACCOUNT_HEADER] = account
  try {
    return await fetch(url, {
      method,
      credentials: 'include',
      headers,
      // A Blob (a chosen file) goes as it is; anything else as JSON.
      body: !hasBody ? undefined : body instanceof Blob ? body : JSON.stringify(body),
      cache: 'no-store',
    })
  } catch (error) {
    const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false
    if (method === 'GET' || !isOffline || !isQueueable(url)) throw error
    return queueRequest({ url, method, headers, body })
  }
}
