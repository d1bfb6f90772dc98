import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { build } from 'vite'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { findFreePort } from '../support/free-port.ts'

// What a phone pays before it sees anything (issue "Speed on a phone"), as figures beside
// their targets: the landing page's JavaScript over the wire, and the compiled server's
// start and idle memory under `npm start` (plain node, dist/server.js).

const ROOT = path.resolve(import.meta.dirname, '../..')
const figures: string[] = []

type Started = { child: ChildProcess; url: string; milliseconds: number }

/** `npm start`'s command on its own port and data directory; resolves at the first 200. */
async function startCompiledServer(dataDir: string): Promise<Started> {
  const port = await findFreePort()
  const started = performance.now()
  // As a person starts it: without the test project's settings, which a production server
  // refuses (TEST_PASSWORD_HASHING, vite.config.ts).
  const { TEST_PASSWORD_HASHING: _testOnly, ...env } = process.env
  const child = spawn(
    process.execPath,
    ['--max-semi-space-size=4', path.join(ROOT, 'scripts/start.mjs')],
    {
      cwd: ROOT,
      env: { ...env, PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production' },
      stdio: 'ignore',
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (;;) {
    const status = await fetch(`${url}/api/health`).then(
      (response) => response.status,
      () => 0,
    )
    if (status === 200) return { child, url, milliseconds: performance.now() - started }
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function residentMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024
}

/**
 * Bytes of every script a page loads before it renders, as the browser gets them. The
 * landing page built ahead (decision 014) loads two small files; the app's code follows
 * a press, which the signed-out app page (/login) shows the size of.
 */
async function scriptBytes(url: string, pagePath: string) {
  const html = await (await fetch(`${url}${pagePath}`)).text()
  const scripts = [
    ...html.matchAll(/<script[^>]+src="(\/[^"]+)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="(\/assets\/[^"]+)"/g),
  ].map((match) => match[1] as string)
  let wire = 0
  let raw = 0
  for (const script of scripts) {
    const compressed = await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'br' } })
    wire += Number(compressed.headers.get('content-length'))
    raw += (
      await (
        await fetch(`${url}${script}`, { headers: { 'accept-encoding': 'identity' } })
      ).arrayBuffer()
    ).byteLength
    await compressed.arrayBuffer()
  }
  return { files: scripts.length, wire, raw }
}

beforeAll(async () => {
  // The global setup built the web app; the server bundle is built here.
  await build({ configFile: path.join(ROOT, 'vite.server.config.ts'), logLevel: 'warn' })
}, 120_000)

afterAll(() => {
  console.log(`\nfirst load and server start:\n${figures.join('\n')}\n`)
})

describe('first load', () => {
  bench(
    'landing page scripts, server start and idle memory',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'centraal-start-'))
      // A first start creates the data; the second is what a restart costs.
      const first = await startCompiledServer(dataDir)
      first.child.kill()
      await new Promise((resolve) => first.child.once('exit', resolve))
      const server = await startCompiledServer(dataDir)
      try {
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`
        const landing = await scriptBytes(server.url, '/')
        const app = await scriptBytes(server.url, '/login')
        await new Promise((resolve) => setTimeout(resolve, 3000))
        const idle = residentMb(server.child.pid as number)
        figures.push(
          `  landing page JavaScript over the wire: ${kib(landing.wire)} brotli in ${landing.files} files (${kib(landing.raw)} uncompressed) (target ≤ 100 KB); ` +
            `the app's code a press on it loads (as /login): ${kib(app.wire)} in ${app.files} files (${kib(app.raw)})`,
          `  npm start (built) to a 200 from /api/health: ${(server.milliseconds / 1000).toFixed(2)} s (first start on empty data ${(first.milliseconds / 1000).toFixed(2)} s) (target ≤ 2 s)`,
          `  idle resident memory of the server: ${idle.toFixed(0)} MB (target ≤ 100 MB)`,
        )
      } finally {
        server.child.kill()
        rmSync(dataDir, { recursive: true, force: true })
      }
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
