import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { createClient } from '../support/http.ts'
import { startServerProcess } from '../support/server-process.ts'
import { buildSharedStringsBomb, lieAboutSizes } from '../support/xlsx-bombs.ts'

// The server refusing the shared-strings bomb (a workbook of about 570 KB whose shared
// strings unpack to 186 MiB; the attack that once held 850 MB for 25 s): the growth of
// its resident memory (VmHWM minus VmRSS before the upload) and the time to the 413.
// The server runs in a process of its own, so the figure is the server's alone.
// Target: peak growth ≤ 100 MB.

const TARGET_MB = 100
const figures: {
  name: string
  seconds: number
  growthMb: number
  status: number
  slowestHealthMs: number
}[] = []
let dataDir: string
let server: Awaited<ReturnType<typeof startServerProcess>>
let cookie: string
let bomb: Uint8Array<ArrayBuffer>

async function measure(name: string, bytes: Uint8Array<ArrayBuffer>) {
  const baseline = server.residentMb()
  server.resetPeak()
  const form = new FormData()
  form.append('file', new Blob([bytes]), 'verkopen.xlsx')
  // Another caller meanwhile: how long the slowest /api/health waited for the event loop.
  let slowestHealthMs = 0
  let isDone = false
  const pinging = (async () => {
    while (!isDone) {
      const asked = performance.now()
      await fetch(`${server.url}/api/health`).then((answer) => answer.text())
      slowestHealthMs = Math.max(slowestHealthMs, performance.now() - asked)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  const started = performance.now()
  const response = await fetch(`${server.url}/api/gold-estates/sheets/import`, {
    method: 'POST',
    headers: { cookie },
    body: form,
  })
  await response.text()
  const seconds = (performance.now() - started) / 1000
  isDone = true
  await pinging
  figures.push({
    name,
    seconds,
    slowestHealthMs,
    growthMb: server.peakMb() - baseline,
    status: response.status,
  })
}

beforeAll(async () => {
  bomb = buildSharedStringsBomb()
  dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-bench-'))
  server = await startServerProcess(dataDir)
  const client = createClient(server.url)
  const setup = await client.post('/api/auth/simple-setup', {
    name: 'Eerste Beheerder',
    email: 'root@example.com',
    password: 'lang genoeg 1',
  })
  if (setup.status !== 201) throw new Error(`setup: ${setup.status}`)
  if ((await client.post('/api/admin/launch-gold-estates')).status !== 200) {
    throw new Error('launch failed')
  }
  cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
}, 120_000)

afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
  const lines = figures.map(
    (figure) =>
      `  ${figure.name}: ${figure.status}, ${figure.seconds.toFixed(2)} s, ` +
      `server peak growth ${figure.growthMb.toFixed(1)} MB (target ≤ ${TARGET_MB} MB), ` +
      `slowest /api/health meanwhile ${figure.slowestHealthMs.toFixed(0)} ms`,
  )
  console.log(
    `\nshared-strings bomb, ${(bomb.length / 1024).toFixed(0)} KB unpacking to 186 MiB:\n${lines.join('\n')}\n`,
  )
})

describe('bounded uploads', () => {
  bench(
    'the shared-strings bomb is refused',
    async () => {
      await measure('sizes declared', bomb)
      await measure(
        'central directory lies (every byte inflated until the cap)',
        lieAboutSizes(bomb),
      )
      for (const figure of figures) {
        if (figure.status !== 413) throw new Error(`${figure.name}: answered ${figure.status}`)
        if (figure.growthMb > TARGET_MB) {
          throw new Error(`${figure.name}: peak growth ${figure.growthMb.toFixed(1)} MB`)
        }
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
