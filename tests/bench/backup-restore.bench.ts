import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { v7 as uuidv7 } from 'uuid'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { type Client, createClient } from '../support/http.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Backup and restore of an organisation with 50,000 sales (and 150,000 commission lines):
// seconds and peak memory of each. Targets: each under 10 s, peak under 300 MB.
// Each step runs in a fresh server process of its own, so its figure is that step's alone
// (nothing left over from an earlier step, nothing of the test's own): peak is the
// process's resident high-water mark (VmHWM), from its start to the end of the step.

const SALES = 50_000
const LINES_PER_SALE = 3
const ROOT = { email: 'root@example.com', password: 'root password' }

let dataDir: string
const figures: { name: string; seconds: number; peakMb: number; baselineMb: number }[] = []

/** Starts a server on the data, signs in, times `action`, and stops the server. */
async function measure(name: string, action: (client: Client) => Promise<void>) {
  const server = await startServerProcess(dataDir)
  try {
    const client = createClient(server.url)
    const login = await client.post('/api/auth/login/email', ROOT)
    if (login.status !== 200) throw new Error(`login: ${login.status} ${login.text}`)
    const baselineMb = server.residentMb()
    const start = performance.now()
    await action(client)
    figures.push({
      name,
      seconds: (performance.now() - start) / 1000,
      peakMb: server.peakMb(),
      baselineMb,
    })
  } finally {
    await server.close()
  }
}

function seedSales(server: TestServer) {
  const client = server.deps.organisations.get('default-org').$client
  const now = Date.now()
  let seq = (client.prepare('select value from replication_counter').get() as { value: number })
    .value
  const project = client.prepare(
    `insert into sales_projects (id, seq, updated_at, organization_id, name, label, created_at)
     values (?, ?, ?, 'default-org', ?, ?, ?)`,
  )
  const seller = client.prepare(
    `insert into sales_sellers (id, seq, updated_at, organization_id, name, role, created_at)
     values (?, ?, ?, 'default-org', ?, 'closer', ?)`,
  )
  const sale = client.prepare(
    `insert into sales (id, seq, updated_at, organization_id, project_id, client_name,
       client_email, property_number, sale_date, sale_price, commission_percentage,
       commission_amount, status, created_at)
     values (?, ?, ?, 'default-org', ?, ?, ?, ?, ?, ?, 2.5, 750000, 'completed', ?)`,
  )
  const line = client.prepare(
    `insert into commissions (id, seq, updated_at, organization_id, sale_id, seller_id,
       commission_type, commission_percentage, commission_amount, status,
       expected_payment_date, created_at)
     values (?, ?, ?, 'default-org', ?, ?, 'sales', 33.33, 250000, 'pending', ?, ?)`,
  )
  client.transaction(() => {
    const projectIds = Array.from({ length: 40 }, (_, index) => {
      const id = uuidv7()
      project.run(id, ++seq, now, `Project ${index}`, index % 2 ? 'Nieuwbouw' : 'Bestaand', now)
      return id
    })
    const sellerIds = Array.from({ length: 100 }, (_, index) => {
      const id = uuidv7()
      seller.run(id, ++seq, now, `Verkoper ${index}`, now)
      return id
    })
    for (let index = 0; index < SALES; index++) {
      const saleId = uuidv7()
      const date = `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`
      sale.run(
        saleId,
        ++seq,
        now,
        projectIds[index % projectIds.length],
        `Klant ${index}`,
        `klant${index}@example.com`,
        `B-${index}`,
        date,
        30_000_000 + index,
        now,
      )
      for (let number = 0; number < LINES_PER_SALE; number++) {
        line.run(uuidv7(), ++seq, now, saleId, sellerIds[(index + number) % 100], date, now)
      }
    }
    client.prepare('update replication_counter set value = ?').run(seq)
  })()
}

beforeAll(async () => {
  // Set up and fill the organisation in this process; the steps run in their own.
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-bench-'))
  const setup = await startTestServer({}, { dataDir })
  await signInFirstSuperadmin(setup, ROOT.email)
  seedSales(setup)
  await setup.close({ keepData: true })
}, 600_000)

afterAll(() => {
  const lines = figures.map(
    (figure) =>
      `  ${figure.name}: ${figure.seconds.toFixed(2)} s, server peak ${figure.peakMb.toFixed(0)} MB ` +
      `(idle after sign-in: ${figure.baselineMb.toFixed(0)} MB)`,
  )
  console.log(
    `\nbackup and restore, ${SALES} sales / ${SALES * LINES_PER_SALE} commission lines ` +
      `(targets: < 10 s, peak < 300 MB):\n${lines.join('\n')}\n`,
  )
  rmSync(dataDir, { recursive: true, force: true })
})

describe('backup and restore', () => {
  bench(
    'backup json, csv and sqlite, then restore the json',
    async () => {
      let backupJson = ''
      for (const format of ['json', 'csv', 'sqlite'] as const) {
        await measure(`backup ${format}`, async (client) => {
          const response = await client.post('/api/admin/backup', { format })
          if (response.status !== 200) throw new Error(`backup ${format}: ${response.status}`)
          if (format === 'json') backupJson = response.text
        })
      }
      const sizeMb = Buffer.byteLength(backupJson) / 1024 / 1024
      await measure(`restore json (${sizeMb.toFixed(0)} MB)`, async (client) => {
        const response = await client.post('/api/admin/restore', backupJson)
        if (response.status !== 200) throw new Error(`restore: ${response.status} ${response.text}`)
      })
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
