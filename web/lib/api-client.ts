import { hc } from 'hono/client'
// The one import of server code in the web app, and a type only: biome.json allows exactly
// this (AppType from #server/app, in this file) and verbatimModuleSyntax keeps it out of
// the bundle. The routes' inputs and answers come from the server's own route chains.
import type { AppType } from '#server/app'
import { apiRequest, type HttpMethod } from './api-request.ts'

/**
 * hc's fetch: every typed call takes apiRequest's path (account header, Idempotency-Key,
 * cookies, no cache, the offline queue) and throws ApiError for an answer other than 2xx.
 * hc serialises a `json` argument; apiRequest (and a queued item) holds the value itself.
 */
async function fetchThroughApiRequest(input: RequestInfo | URL, init?: RequestInit) {
  const url = input instanceof Request ? input.url : String(input)
  const body = init?.body ?? undefined
  return apiRequest(
    (init?.method ?? 'GET') as HttpMethod,
    url,
    typeof body === 'string' ? JSON.parse(body) : body,
  )
}

/**
 * The REST API, typed from the server's routes: `api.users[':id'].$patch({ param, json })`.
 * A call resolves only with a 2xx answer (or a queued write's 202, see isQueuedResponse)
 * and rejects with ApiError otherwise, or with TypeError when there was no answer.
 */
export const api = hc<AppType>('/', { fetch: fetchThroughApiRequest }).api
