import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress'

const toBrotli = promisify(brotliCompress)
const toGzip = promisify(gzip)

/**
 * Brotli's quality 3 and gzip's level 4: a sales sync page of 480 KB becomes 85 KB in
 * about 3.3 ms (brotli 4: the same size in 5.2 ms; 5 and up take several times longer
 * for a percent or two). Built files, compressed once, use the highest settings
 * (precompress-web-app.ts).
 */
const BROTLI_QUALITY = 3
const GZIP_LEVEL = 4

const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i

/**
 * Compresses the answers the routes build in memory (JSON, pages; sync pulls are the
 * largest) with brotli when the browser takes it, else gzip, on libuv's threads so the
 * shared process's event loop goes on meanwhile. Hono's compress streams every answer
 * through a CompressionStream (gzip only), which took twice as long per sync page. Left
 * as they are: answers under `threshold` bytes, streamed ones (the event stream, with
 * Transfer-Encoding), ones already encoded (the built files), HEAD and partial answers,
 * and those that ask for no transformation. An answer of a compressible type is read
 * whole: a route that streams one must set Transfer-Encoding (as streamSSE does) or be
 * left out where this is mounted (app.ts, the backup download).
 */
export function compressAnswers(options: { threshold: number }): MiddlewareHandler {
  return async (c, next) => {
    await next()
    const answer = c.res
    const type = answer.headers.get('Content-Type') ?? ''
    // The body last: asking for it builds a whole web Response around the route's answer,
    // which a built file, the event stream or a HEAD never needs.
    const isLeftAsItIs =
      c.req.method === 'HEAD' ||
      answer.status === 206 ||
      answer.headers.has('Content-Encoding') ||
      answer.headers.has('Transfer-Encoding') ||
      NO_TRANSFORM.test(answer.headers.get('Cache-Control') ?? '') ||
      !COMPRESSIBLE_CONTENT_TYPE_REGEX.test(type) ||
      !answer.body
    if (isLeftAsItIs) return
    const vary = answer.headers.get('Vary') ?? ''
    if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) {
      answer.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding')
    }
    const encoding = chooseEncoding(c.req.header('Accept-Encoding'))
    if (!encoding) return
    const body = await answer.arrayBuffer()
    const headers = new Headers(answer.headers)
    let sent: ArrayBuffer | Uint8Array<ArrayBuffer> = body
    if (body.byteLength >= options.threshold) {
      const compressed =
        encoding === 'br'
          ? await toBrotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
              },
            })
          : await toGzip(body, { level: GZIP_LEVEL })
      sent = new Uint8Array(compressed)
      headers.set('Content-Encoding', encoding)
      const etag = headers.get('ETag')
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    }
    headers.set('Content-Length', String(sent.byteLength))
    // Hono copies the previous answer's headers onto the new one: its length must not win.
    answer.headers.delete('Content-Length')
    c.res = new Response(sent, {
      status: answer.status,
      statusText: answer.statusText,
      headers,
    })
  }
}

/** Brotli, else gzip, as far as the browser takes them (a q of 0 refuses one). */
function chooseEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined
  const accepted = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...parameters] = part.trim().toLowerCase().split(';')
    const q = parameters.map((parameter) => parameter.trim()).find((p) => p.startsWith('q='))
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1)
  }
  const weightOf = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0
  if (weightOf('br') > 0 && weightOf('br') >= weightOf('gzip')) return 'br'
  return weightOf('gzip') > 0 ? 'gzip' : undefined
}
