import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createOrganisation } from '#server/services/platform-organisations/create-organisation'
import { signInFirstSuperadmin, signInInvitedUser } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { seedSales } from '../support/seed-organisation.ts'
import { startServerProcess } from '../support/server-process.ts'
import { startTestServer } from '../support/test-server.ts'

// Another organisation's requests while one organisation restores 50,000 sales (150,000
// commission lines): how long each waits. The restore runs in the heavy-work worker
// thread, so the request thread keeps answering (decision 017, "Worker threads and a
// queue"). The server runs in a process of its own, from source.

const SALES = 50_000
const ROOT = { email: 'root@example.com', password: 'root password' }

let dataDir: string
let otherCookie = ''
const lines: string[] = []

/** Milliseconds of each request sent one after the other until `until` settles. */
async function sampleWhile(until: Promise<unknown>, ask: () => Promise<unknown>) {
  let isDone = false
  void until.finally(() => (isDone = true))
  const waits: number[] = []
  while (!isDone) {
    const started = performance.now()
    await ask()
    waits.push(performance.now() - started)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  return waits
}

const describeWaits = (waits: number[]) => {
  const sorted = [...waits].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0
  return `${waits.length} requests, median ${median.toFixed(0)} ms, slowest ${(sorted.at(-1) ?? 0).toFixed(0)} ms`
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-bench-'))
  const setup = await startTestServer({}, { dataDir })
  seedSales(setup.deps.organisations.get('default-org'), 'default-org', SALES)
  await signInFirstSuperadmin(setup, ROOT.email)
  await createOrganisation(setup.deps, { id: 'org-b', name: 'B', slug: 'org-b' })
  const other = await signInInvitedUser(setup, {
    email: 'super@b.example',
    role: 'SUPERADMIN',
    org: 'org-b',
  })
  // Sessions live in the system file: the cookie holds in the server process too.
  otherCookie = [...other.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  await setup.close({ keepData: true })
}, 600_000)

afterAll(() => {
  console.log(`\nanother organisation while ${SALES} sales are restored:\n${lines.join('\n')}\n`)
  rmSync(dataDir, { recursive: true, force: true })
})

describe('heavy work off the request thread', () => {
  bench(
    "another organisation's requests during a restore",
    async () => {
      const server = await startServerProcess(dataDir)
      try {
        const client = createClient(server.url)
        const login = await client.post('/api/auth/login/email', ROOT)
        if (login.status !== 200) throw new Error(`login: ${login.status}`)
        const backup = await client.post('/api/admin/backup', { format: 'json' })
        if (backup.status !== 200) throw new Error(`backup: ${backup.status}`)
        // A connection of its own each time: a pooled one may be closed meanwhile by a
        // server whose request thread was blocked past its keep-alive.
        const askOther = () =>
          new Promise((resolve, reject) => {
            const request = http.get(`${server.url}/api/auth/user`, {
              agent: false,
              headers: { cookie: otherCookie },
            })
            request.on('response', (answer) => answer.resume().on('end', resolve))
            request.on('error', reject)
          })
        const started = performance.now()
        const restoring = client.post('/api/admin/restore', backup.text)
        const waits = await sampleWhile(restoring, askOther)
        const restored = await restoring
        if (restored.status !== 200) throw new Error(`restore: ${restored.status}`)
        const seconds = (performance.now() - started) / 1000
        const sizeMb = Buffer.byteLength(backup.text) / 1024 / 1024
        lines.push(`  restore of ${sizeMb.toFixed(0)} MB: ${seconds.toFixed(1)} s`)
        lines.push(
          `  GET /api/auth/user of another organisation meanwhile: ${describeWaits(waits)}`,
        )
      } finally {
        await server.close()
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
