import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { appConnections } from '#schema/db/organisation'
import { takeNextSeq } from '#server/db/next-seq'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Server replication throughput, as ratios within one run (docs/architecture.md targets):
// pull of 10,000 documents against a plain SELECT of the same rows from the same file,
// and push of 1,000 documents in batches of 100.

const DOCUMENTS = 10_000
const PAGE = 1000
let server: TestServer
let client: ReturnType<typeof createClient>

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
          organizationId: 'default-org',
        })
        .run()
    }
  })
})
afterAll(() => server.close())

describe(`read ${DOCUMENTS} app connections`, () => {
  bench('plain SELECT of the same rows (floor)', () => {
    const rows = server.deps.organisations
      .get('default-org')
      .$client.prepare('select * from app_connections order by seq')
      .all()
    if (rows.length < DOCUMENTS) throw new Error('missing rows')
  })

  bench(`pull over HTTP in pages of ${PAGE}`, async () => {
    let checkpoint = 0
    let received = 0
    for (;;) {
      const page = await client.get(
        `/api/sync/v1/appConnections/pull?checkpoint=${checkpoint}&limit=${PAGE}`,
      )
      received += page.json.documents.length
      checkpoint = page.json.checkpoint.seq
      if (page.json.documents.length < PAGE) break
    }
    if (received < DOCUMENTS) throw new Error(`pulled ${received}`)
  })
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
