import { Agent, get } from 'node:http'
import { promisify } from 'node:util'
import { brotliDecompress } from 'node:zlib'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { appConnections } from '#schema/db/organisation'
import { takeNextSeq } from '#server/db/next-seq'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { createTimer } from './median.ts'

// Server replication throughput, as ratios within one run (docs/architecture.md targets):
// pull of 10,000 documents against a plain SELECT of the same rows from the same file
// (target: the pull at least 30 % of the SELECT's speed), and push of 1,000 documents in
// batches of 100. The pull is read as a browser reads it: brotli-compressed pages, each
// decompressed whole off the main thread (as Chromium's network process does), then
// parsed. Node's fetch decompresses through a stream, a step per chunk on this same thread,
// which costs more than the server's whole answer; it is printed beside, for reference.

const DOCUMENTS = 10_000
const PAGE = 1000
let server: TestServer
let client: Client
const floor = createTimer()
const pull = createTimer()
const pullByFetch = createTimer()
const agent = new Agent({ keepAlive: true })
const decompress = promisify(brotliDecompress)

/** One pull page as a browser would get it: compressed, decompressed whole, parsed. */
function getPage(path: string) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  return new Promise<{ documents: unknown[]; checkpoint: { seq: number } }>((resolve, reject) => {
    get(
      `${server.url}${path}`,
      { agent, headers: { cookie, 'accept-encoding': 'br, gzip' } },
      (response) => {
        const chunks: Buffer[] = []
        response
          .on('data', (chunk: Buffer) => chunks.push(chunk))
          .on('error', reject)
          .on('end', async () => {
            // The last page, under a kilobyte, comes as it is.
            const body = Buffer.concat(chunks)
            const isCompressed = response.headers['content-encoding'] === 'br'
            resolve(JSON.parse((isCompressed ? await decompress(body) : body).toString()))
          })
      },
    ).on('error', reject)
  })
}

async function pullAll(read: (path: string) => Promise<Awaited<ReturnType<typeof getPage>>>) {
  let checkpoint = 0
  let received = 0
  for (;;) {
    const page = await read(
      `/api/sync/v1/appConnections/pull?checkpoint=${checkpoint}&limit=${PAGE}`,
    )
    received += page.documents.length
    checkpoint = page.checkpoint.seq
    if (page.documents.length < PAGE) break
  }
  if (received < DOCUMENTS) throw new Error(`pulled ${received}`)
}

function appDocument(index: number) {
  return {
    id: uuidv7(),
    name: `App ${index}`,
    url: `https://app${index}.example.com`,
    description: `Beschrijving ${index}`,
    status: 'active',
    _deleted: false,
  }
}

beforeAll(async () => {
  server = await startTestServer()
  client = await signInFirstSuperadmin(server)
  const db = server.deps.organisations.get('default-org')
  const now = Date.now()
  db.transaction((tx) => {
    for (let index = 0; index < DOCUMENTS; index++) {
      const { _deleted, ...document } = appDocument(index)
      tx.insert(appConnections)
        .values({
          ...document,
          seq: takeNextSeq(tx),
          updatedAt: now,
          createdAt: now,
          organisationId: 'default-org',
        })
        .run()
    }
  })
})
afterAll(async () => {
  const percent = (timer: typeof pull) => ((100 * floor.median) / timer.median).toFixed(0)
  console.log(
    `\npull of ${DOCUMENTS} documents in pages of ${PAGE}: p50 ${pull.median.toFixed(1)} ms, ` +
      `plain SELECT p50 ${floor.median.toFixed(1)} ms: the pull at ${percent(pull)} % of the ` +
      `SELECT's speed (target ≥ 30 %); through Node's fetch ${pullByFetch.median.toFixed(1)} ms ` +
      `(${percent(pullByFetch)} %)\n`,
  )
  agent.destroy()
  await server.close()
})

describe(`read ${DOCUMENTS} app connections`, () => {
  bench('plain SELECT of the same rows (floor)', () =>
    floor.time(() => {
      const rows = server.deps.organisations
        .get('default-org')
        .$client.prepare('select * from app_connections order by seq')
        .all()
      if (rows.length < DOCUMENTS) throw new Error('missing rows')
    }),
  )

  bench(`pull over HTTP in pages of ${PAGE}, each decompressed whole`, () =>
    pull.time(() => pullAll(getPage)),
  )

  bench(`pull over HTTP in pages of ${PAGE} through Node's fetch`, () =>
    pullByFetch.time(() => pullAll(async (path) => (await client.get(path)).json)),
  )
})

describe('push 1,000 documents', () => {
  bench(
    'in 10 batches of 100 (new documents each round)',
    async () => {
      for (let batch = 0; batch < 10; batch++) {
        const rows = Array.from({ length: 100 }, (_, index) => ({
          newDocumentState: appDocument(batch * 100 + index),
        }))
        const response = await client.post('/api/sync/v1/appConnections/push', { rows })
        if (response.json.conflicts.length > 0) throw new Error('unexpected conflicts')
      }
    },
    { iterations: 5, warmupIterations: 1 },
  )
})
