import { v7 as uuidv7 } from 'uuid'
import { EPOCH_HEADER, SYNC_ACCOUNT_HEADER } from '#sync/account'
import { readKnownEpoch } from '#sync/client/organisation-epoch'
import { noteServerDate } from '#sync/client/server-clock'
import { getSignedInAccount } from '#sync/client/signed-in-account'
import { ApiError } from './api-error.ts'
import { carryOutPendingLogouts } from './offline-queue/pending-logout.ts'
import { isQueueable, queueRequest } from './offline-queue/queue-request.ts'

export { isQueuedResponse } from './offline-queue/queue-request.ts'

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * The one path of every REST call (docs/behaviour.md); screens call it through the typed
 * client (`api` in api-client.ts). Cookies always travel along, nothing is cached, and an
 * answer other than 2xx throws ApiError.
 *
 * Every call names the page's signed-in person of its area (see requireNamedAccount on the
 * server). Every non-GET carries a fresh Idempotency-Key, so that sending it again (the offline
 * queue, a retry after a lost answer) has one effect on the server. A non-GET with a JSON body
 * (or none) whose fetch fails while the browser is offline is queued (docs/behaviour.md,
 * Sync state and refusals) and answered with a synthetic 202 `{ queued: true }`;
 * `isQueuedResponse` tells a caller which happened. A file (a Blob, or FormData) goes as it
 * is and is never queued: it does not fit the queue's store. Every answer tells the page the
 * server's clock (server-clock.ts). A logout this device could not send goes first
 * (carryOutPendingLogouts): nothing is asked under a session its person ended.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
): Promise<Response> {
  const response = await sendRequest(method, url, body)
  noteServerDate(response)
  if (!response.ok) throw await ApiError.from(response)
  return response
}

async function sendRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const isFile = body instanceof Blob || body instanceof FormData
  const headers: Record<string, string> = {}
  // FormData brings its own multipart content type.
  if (body !== undefined && !(body instanceof FormData))
    headers['Content-Type'] = 'application/json'
  if (method !== 'GET') headers['Idempotency-Key'] = uuidv7()
  // Whom this page shows: the server refuses (409) a call of A made under B's session, and
  // a queued call keeps the name, so it is sent for A alone.
  const area = url.startsWith('/api/gold-estates/') ? 'sales' : 'central'
  const account = getSignedInAccount(area)
  if (account) headers[SYNC_ACCOUNT_HEADER] = account
  // Which epoch of the organisation the person's data belongs to: a write queued before a
  // restore is refused after it (409) instead of applied to the restored data.
  const epoch = account && method !== 'GET' ? readKnownEpoch(area, account) : undefined
  if (epoch !== undefined) headers[EPOCH_HEADER] = epoch
  await carryOutPendingLogouts()
  try {
    return await fetch(url, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : isFile ? body : JSON.stringify(body),
      cache: 'no-store',
    })
  } catch (error) {
    const isOffline = typeof navigator !== 'undefined' && navigator.onLine === false
    if (method === 'GET' || isFile || !isOffline || !isQueueable(url)) throw error
    return queueRequest({ url, method, headers, body })
  }
}
