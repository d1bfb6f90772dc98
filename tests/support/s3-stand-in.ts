import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

// A local stand-in for an S3-compatible service, path-style (http://host/<bucket>/<key>):
// PUT, GET, HEAD and DELETE Object and ListObjectsV2, with S3's status codes, headers and
// XML bodies, as much as the AWS SDK's S3 client uses them. It refuses a request that
// is not signed with SigV4 by the expected access key, or names another bucket.

type StoredObject = {
  body: Buffer
  contentType: string
  metadata: Record<string, string>
  lastModified: Date
  etag: string
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`)

function sendError(res: ServerResponse, status: number, code: string, resource: string) {
  res.writeHead(status, { 'content-type': 'application/xml' })
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${code}</Message>` +
      `<Resource>${escapeXml(resource)}</Resource><RequestId>stand-in</RequestId></Error>`,
  )
}

async function readBody(req: IncomingMessage) {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

function objectHeaders(object: StoredObject) {
  return {
    'content-type': object.contentType,
    'content-length': String(object.body.length),
    etag: object.etag,
    'last-modified': object.lastModified.toUTCString(),
    ...Object.fromEntries(
      Object.entries(object.metadata).map(([name, value]) => [`x-amz-meta-${name}`, value]),
    ),
  }
}

function listXml(bucket: string, objects: Map<string, StoredObject>, query: URLSearchParams) {
  const prefix = query.get('prefix') ?? ''
  const maxKeys = Number(query.get('max-keys') ?? 1000)
  const after = query.get('continuation-token') ?? query.get('start-after') ?? ''
  const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort()
  const page = keys.slice(0, maxKeys)
  const isTruncated = keys.length > page.length
  const contents = page
    .map((key) => {
      const object = objects.get(key)!
      return (
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      )
    })
    .join('')
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">` +
    `<Name>${escapeXml(bucket)}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount>` +
    `<MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${isTruncated}</IsTruncated>${contents}` +
    (isTruncated
      ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>`
      : '') +
    '</ListBucketResult>'
  )
}

/** Starts the stand-in on 127.0.0.1 and a free port, serving one bucket. */
export async function startS3StandIn(options: {
  bucket: string
  accessKeyId: string
  listPageSize?: number
}) {
  const state = {
    objects: new Map<string, StoredObject>(),
    /** Every request: method, key ('' for the bucket), when it arrived and was answered. */
    requests: [] as { method: string; key: string; startedAt: number; endedAt?: number }[],
    /** Requests still to fail with 500 InternalError (Infinity: all). */
    failingRequests: 0,
  }
  let etagCount = 0

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stand-in')
    const [, bucket = '', ...keyParts] = url.pathname.split('/')
    const key = decodeURIComponent(keyParts.join('/'))
    const method = req.method ?? 'GET'
    const request: (typeof state.requests)[number] = { method, key, startedAt: Date.now() }
    state.requests.push(request)
    res.once('finish', () => (request.endedAt = Date.now()))
    const authorization = req.headers.authorization ?? ''
    const credential = authorization.match(/^AWS4-HMAC-SHA256 Credential=([^/]+)\//)?.[1]
    if (!credential || !/SignedHeaders=[^,]+, Signature=[0-9a-f]{64}$/.test(authorization)) {
      return sendError(res, 403, 'AccessDenied', url.pathname)
    }
    if (credential !== options.accessKeyId) {
      return sendError(res, 403, 'InvalidAccessKeyId', url.pathname)
    }
    if (bucket !== options.bucket) return sendError(res, 404, 'NoSuchBucket', url.pathname)
    const body = await readBody(req)
    if (state.failingRequests > 0) {
      state.failingRequests--
      return sendError(res, 500, 'InternalError', url.pathname)
    }
    if (!key) {
      if (method !== 'GET' || url.searchParams.get('list-type') !== '2') {
        return sendError(res, 501, 'NotImplemented', url.pathname)
      }
      const query = new URLSearchParams(url.searchParams)
      if (options.listPageSize && !query.has('max-keys'))
        query.set('max-keys', String(options.listPageSize))
      res.writeHead(200, { 'content-type': 'application/xml' })
      return res.end(listXml(bucket, state.objects, query))
    }
    const object = state.objects.get(key)
    if (method === 'PUT') {
      const declared = Number(req.headers['content-length'])
      if (declared !== body.length) return sendError(res, 400, 'IncompleteBody', url.pathname)
      const metadata = Object.fromEntries(
        Object.entries(req.headers)
          .filter(([name]) => name.startsWith('x-amz-meta-'))
          .map(([name, value]) => [name.slice('x-amz-meta-'.length), String(value)]),
      )
      const etag = `"${(++etagCount).toString(16).padStart(32, '0')}"`
      state.objects.set(key, {
        body,
        contentType: req.headers['content-type'] ?? 'binary/octet-stream',
        metadata,
        lastModified: new Date(),
        etag,
      })
      res.writeHead(200, { etag })
      return res.end()
    }
    if (method === 'DELETE') {
      state.objects.delete(key)
      res.writeHead(204)
      return res.end()
    }
    if (method === 'GET' || method === 'HEAD') {
      if (!object) {
        if (method === 'HEAD') {
          res.writeHead(404)
          return res.end()
        }
        return sendError(res, 404, 'NoSuchKey', url.pathname)
      }
      res.writeHead(200, objectHeaders(object))
      return res.end(method === 'GET' ? object.body : undefined)
    }
    return sendError(res, 405, 'MethodNotAllowed', url.pathname)
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error) => {
      res.writeHead(500)
      res.end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    /** The stored keys under `prefix`, sorted. */
    keys: (prefix = '') => [...state.objects.keys()].filter((key) => key.startsWith(prefix)).sort(),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
