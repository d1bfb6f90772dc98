import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Lighthouse (mobile, its default throttling) on the built app with the system Chromium:
// the landing page signed out, the Dashboard and the Gold Estates dashboard signed in.
// Targets: performance ≥ 95 on '/', ≥ 90 signed in; accessibility 100; best practices ≥ 95.

let server: TestServer
let root: ReturnType<typeof createClient>
const figures: string[] = []

const cookieHeader = (client: ReturnType<typeof createClient>) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ')

async function audit(name: string, path: string, cookie?: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  })
  try {
    const result = await lighthouse(`${server.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      ...(cookie && { extraHeaders: { Cookie: cookie } }),
    })
    if (!result) throw new Error(`lighthouse gave no result for ${path}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100)
    const seconds = (id: string) => `${((audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`
    figures.push(
      `  ${name}: performance ${score('performance')}, accessibility ${score('accessibility')}, ` +
        `best practices ${score('best-practices')}; FCP ${seconds('first-contentful-paint')}, ` +
        `LCP ${seconds('largest-contentful-paint')}, TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms`,
    )
  } finally {
    chrome.kill()
  }
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const launched = await root.post('/api/admin/launch-gold-estates')
  if (launched.status !== 200) throw new Error(`launch: ${launched.status}`)
}, 60_000)

afterAll(async () => {
  console.log(
    `\nLighthouse, mobile (targets: performance ≥ 95 on /, ≥ 90 signed in; accessibility 100; best practices ≥ 95):\n${figures.join('\n')}\n`,
  )
  await server?.close()
})

describe('lighthouse', () => {
  bench(
    'landing page, Dashboard and Gold Estates dashboard',
    async () => {
      await audit('/ (signed out)', '/')
      await audit('Dashboard (signed in)', '/', cookieHeader(root))
      await audit('Gold Estates dashboard', '/gold-estates/dashboard', cookieHeader(root))
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
