export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * Turns a non-OK answer into `Error("<status>: <body text or statusText>")` (spec §8).
 * The body is read as text so a JSON error body stays parseable by getServerMessage.
 */
export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return
  const text = (await response.text().catch(() => '')) || response.statusText
  throw new Error(`${response.status}: ${text}`)
}

/**
 * The one way the web app calls the REST API (spec §7): cookies always travel along and
 * the JSON content-type is sent only with a body.
 *
 * Seam for the offline queue (spec §4): a non-GET whose fetch rejects while
 * `navigator.onLine` is false will be stored in IndexedDB and answered with a synthetic 202
 * `{ queued: true }`. That belongs in `sendRequest` below, so callers never change.
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

function sendRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined
  return fetch(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : undefined,
    body: hasBody ? JSON.stringify(body) : undefined,
    cache: 'no-store',
  })
}
