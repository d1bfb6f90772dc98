import { Agent, request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

/**
 * One request over node:http with a kept-alive connection: Node 20's fetch spent about
 * 1.4 ms more per request on loopback (2.1 against 0.7), which thousands of API calls in
 * the suite add up. Redirects are not followed; a compressed answer is unpacked as fetch would.
 */
const agent = new Agent({ keepAlive: true })
type Answer = { status: number; headers: Headers; text: string }

/**
 * A kept connection the server closed as idle just as a request went out on it fails with
 * ECONNRESET before the server read the request: sent again on a new connection, as
 * Node's documentation of `request.reusedSocket` advises.
 */
async function send(url: string, method: string, headers: Record<string, string>, body?: string) {
  try {
    return await sendOnce(url, method, headers, body)
  } catch (error) {
    if (!(error instanceof ClosedWhileIdle)) throw error
    return sendOnce(url, method, headers, body)
  }
}

class ClosedWhileIdle extends Error {}

function sendOnce(url: string, method: string, headers: Record<string, string>, body?: string) {
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = httpRequest(url, { method, headers, agent }, (incoming) => {
      const chunks: Buffer[] = []
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
      incoming.on('error', reject)
      incoming.on('end', () => {
        const raw = Buffer.concat(chunks)
        const encoding = incoming.headers['content-encoding']
        const unpacked =
          encoding === 'br'
            ? brotliDecompressSync(raw)
            : encoding === 'gzip'
              ? gunzipSync(raw)
              : encoding === 'deflate'
                ? inflateSync(raw)
                : raw
        const answer = new Headers()
        for (let i = 0; i < incoming.rawHeaders.length; i += 2) {
          answer.append(incoming.rawHeaders[i] ?? '', incoming.rawHeaders[i + 1] ?? '')
        }
        resolve({
          status: incoming.statusCode ?? 0,
          headers: answer,
          text: unpacked.toString('utf8'),
        })
      })
    })
    outgoing.on('error', (error: NodeJS.ErrnoException) => {
      const isClosedWhileIdle = outgoing.reusedSocket && error.code === 'ECONNRESET'
      reject(isClosedWhileIdle ? new ClosedWhileIdle(error.message) : error)
    })
    outgoing.end(body)
  })
}

const cookieHeader = (cookies: ReadonlyMap<string, string>) =>
  [...cookies].map(([name, value]) => `${name}=${value}`).join('; ')

/** The cookie header a client sends (for a request made without it: fetch, http). */
export const cookieOf = (client: { cookies: ReadonlyMap<string, string> }) =>
  cookieHeader(client.cookies)

/** A tiny cookie-keeping client for API tests, speaking JSON like the web app does. */
export function createClient(baseUrl: string, defaults: { origin?: string } = {}) {
  const cookies = new Map<string, string>()
  async function request(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) {
    const response = await send(
      `${baseUrl}${path}`,
      method,
      {
        ...(body !== undefined && { 'content-type': 'application/json' }),
        ...(defaults.origin && { origin: defaults.origin }),
        ...(cookies.size > 0 && { cookie: cookieHeader(cookies) }),
        ...headers,
      },
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    )
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, ...value] = (pair ?? '').split('=')
      if (!name) continue
      const text = value.join('=')
      if (text === '' || /max-age=0/i.test(line)) cookies.delete(name.trim())
      else cookies.set(name.trim(), text)
    }
    const text = response.text
    let json: unknown
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    // biome-ignore lint/suspicious/noExplicitAny: tests read answers field by field
    return { status: response.status, headers: response.headers, text, json: json as any }
  }
  return {
    cookies,
    request,
    get: (path: string, headers?: Record<string, string>) =>
      request('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      request('POST', path, body, headers),
  }
}

/** The client an API test signs in with and calls the server through. */
export type Client = ReturnType<typeof createClient>
