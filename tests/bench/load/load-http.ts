import { createReadStream, statSync } from 'node:fs'
import { Agent, type IncomingMessage, request } from 'node:http'
import { promisify } from 'node:util'
import { brotliDecompress, gunzip } from 'node:zlib'

// Plain HTTP as an outside client speaks it: one agent for every request and stream (500
// streams hold 500 sockets for as long as they are open; the writers and pulls need more).

const agent = new Agent({ keepAlive: true, maxSockets: 4000, maxFreeSockets: 1000 })
const decompressors = {
  br: promisify(brotliDecompress),
  gzip: promisify(gunzip),
} as const
const TIMEOUT_MS = 120_000

export type Answer = { status: number; text: string }

/** Reads a whole answer; brotli and gzip bodies are decompressed off this thread, as a browser does. */
function readAnswer(response: IncomingMessage) {
  return new Promise<Answer>((resolve, reject) => {
    const chunks: Buffer[] = []
    response
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('error', reject)
      .on('end', async () => {
        try {
          const body = Buffer.concat(chunks)
          const encoding = response.headers['content-encoding']
          const decompress =
            encoding === 'br' || encoding === 'gzip' ? decompressors[encoding] : undefined
          const text = (decompress ? await decompress(body) : body).toString()
          resolve({ status: response.statusCode ?? 0, text })
        } catch (error) {
          reject(error)
        }
      })
  })
}

/**
 * A failed answer as an error kind: its status and the server's error code ("503
 * unavailable"), or "(not the server)" when the body is no JSON of the server's (a proxy's
 * own page, as HAProxy's 503 when it finds no process).
 */
export function describeFailure(answer: Answer) {
  try {
    return `${answer.status} ${(JSON.parse(answer.text) as { code?: string }).code ?? ''}`.trim()
  } catch {
    return `${answer.status} (not the server)`
  }
}

/** Requests sent again after a kept-alive socket was closed under them (not errors). */
export const resent = { count: 0 }

/**
 * One request with a JSON (or no) body. A request on a kept-alive socket that the server
 * closed meanwhile is sent once more, as browsers do (a write carries an Idempotency-Key,
 * so a second sending never registers a second sale).
 */
export async function send(
  url: string,
  options: { method?: string; cookie: string; json?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  try {
    return await sendOnce(url, options)
  } catch (error) {
    if (!(error as { isReusedSocket?: boolean }).isReusedSocket) throw error
    resent.count++
    return sendOnce(url, options)
  }
}

function sendOnce(
  url: string,
  options: { method?: string; cookie: string; json?: unknown; headers?: Record<string, string> },
): Promise<Answer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json)
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: options.method ?? 'GET',
        timeout: TIMEOUT_MS,
        headers: {
          cookie: options.cookie,
          'accept-encoding': 'br, gzip',
          ...options.headers,
          ...(body !== undefined && {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          }),
        },
      },
      (response) => readAnswer(response).then(resolve, reject),
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', (error: Error & { code?: string }) => {
      const isClosedUnder = error.code === 'ECONNRESET' || error.code === 'EPIPE'
      reject(Object.assign(error, { isReusedSocket: outgoing.reusedSocket && isClosedUnder }))
    })
    outgoing.end(body)
  })
}

/** Posts a file as it lies on disk (a backup to restore), streamed; `sentAt` when its last byte went. */
export function sendFile(
  url: string,
  cookie: string,
  file: string,
): Promise<Answer & { sentAt: number }> {
  let sentAt = 0
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      {
        agent,
        method: 'POST',
        timeout: 600_000,
        headers: {
          cookie,
          'content-type': 'application/json',
          'content-length': statSync(file).size,
        },
      },
      (response) => readAnswer(response).then((answer) => resolve({ ...answer, sentAt }), reject),
    )
    outgoing.on('finish', () => {
      sentAt = performance.now()
    })
    outgoing.on('timeout', () => outgoing.destroy(new Error('timed out')))
    outgoing.on('error', reject)
    createReadStream(file).on('error', reject).pipe(outgoing)
  })
}

/**
 * An open text/event-stream: `onMessage` gets each `data:` message parsed (heartbeats
 * left out), `onEnd` is called once when the stream ends or fails without `close()`.
 */
export function openEventStream(
  url: string,
  cookie: string,
  handlers: { onMessage: (message: unknown) => void; onEnd: (reason: string) => void },
) {
  let isClosed = false
  let hasEnded = false
  const end = (reason: string) => {
    if (hasEnded) return
    hasEnded = true
    if (!isClosed) handlers.onEnd(reason)
  }
  const outgoing = request(url, {
    agent,
    headers: { cookie, accept: 'text/event-stream' },
  })
  outgoing.on('response', (response) => {
    if (response.statusCode !== 200) {
      response.resume()
      end(`status ${response.statusCode}`)
      return
    }
    response.setEncoding('utf8')
    let buffer = ''
    response.on('data', (chunk: string) => {
      buffer += chunk
      let at = buffer.indexOf('\n\n')
      while (at >= 0) {
        const block = buffer.slice(0, at)
        buffer = buffer.slice(at + 2)
        at = buffer.indexOf('\n\n')
        if (/^event:\s*heartbeat/m.test(block)) continue
        const data = block
          .split('\n')
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trim())
          .join('\n')
        if (data) handlers.onMessage(JSON.parse(data))
      }
    })
    response.on('end', () => end('ended'))
    response.on('error', (error) => end(error.message))
    response.on('close', () => end('closed'))
  })
  outgoing.on('error', (error) => end(error.message))
  outgoing.end()
  return {
    close() {
      isClosed = true
      outgoing.destroy()
    },
  }
}

/** Ends every kept-alive socket (at the generator's end). */
export function closeConnections() {
  agent.destroy()
}
