import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import lighthouse from 'lighthouse'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { launchProfile } from '../support/browser.ts'
import { findFreePort } from '../support/free-port.ts'
import type { Client } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Lighthouse (mobile, its default throttling) on the built app with the system Chromium:
// the landing page signed out, the Dashboard and the Gold Estates dashboard signed in.
// Targets: performance ≥ 95 on '/'; signed in ≥ 90 (blocking time ≤ 200 ms) on a returning
// device and ≥ 80 on a new one (issue 49; decision 027 measures why the database's move
// into a worker did not reach them, decision 041 what the page's own start in slices
// bought); no layout shift; accessibility 100; best practices ≥ 95.
// The signed-in pages are audited on a new device (nothing cached, the
// local database filled from empty) and, printed beside, on a returning one (the service
// worker and the local database from a visit before), the visit people make most.
// LIGHTHOUSE_DETAILS=1 also prints the signed-in pages' LCP element, long tasks and CPU
// time per script (where to look when a score drops).

let server: TestServer
let root: Client
const figures: string[] = []

/** Runs per page: a single run on a shared two-CPU machine varies by ±8 points. */
const RUNS = 3

/** How long a returning device's first visit is given to install the service worker and fill. */
const FIRST_VISIT_MS = 5000

/**
 * One Lighthouse run in a Chromium of its own. A signed-in page gets the session cookies
 * in the browser's own cookie jar (Playwright puts them there; Lighthouse's extra headers
 * would not reach every request), and Lighthouse keeps them (no storage reset: the
 * profile is new, or holds the visit before on purpose). `isReturning`: the page is
 * visited once first, until its service worker controls it and its database has filled.
 */
async function runLighthouse(pagePath: string, cookies: Map<string, string>, isReturning: boolean) {
  const profile = mkdtempSync(path.join(tmpdir(), 'centraal-lighthouse-'))
  const port = await findFreePort()
  const context = await launchProfile(profile, { args: [`--remote-debugging-port=${port}`] })
  try {
    await context.addCookies(
      [...cookies].map(([cookie, value]) => ({ name: cookie, value, url: server.url })),
    )
    if (isReturning) {
      const page = await context.newPage()
      await page.goto(`${server.url}${pagePath}`)
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
      await page.waitForTimeout(FIRST_VISIT_MS)
      await page.close()
    }
    const result = await lighthouse(`${server.url}${pagePath}`, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
      disableStorageReset: true,
    })
    if (!result) throw new Error(`lighthouse gave no result for ${pagePath}`)
    return result.lhr
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

/** RUNS runs of a page; the figures of the run with the median performance score. */
async function audit(
  name: string,
  pagePath: string,
  cookies: Map<string, string> = new Map(),
  isReturning = false,
) {
  const runs: Awaited<ReturnType<typeof runLighthouse>>[] = []
  for (let run = 0; run < RUNS; run++)
    runs.push(await runLighthouse(pagePath, cookies, isReturning))
  const scoreOf = (lhr: (typeof runs)[number], id: string) =>
    Math.round((lhr.categories[id]?.score ?? 0) * 100)
  runs.sort((a, b) => scoreOf(a, 'performance') - scoreOf(b, 'performance'))
  const lhr = runs[Math.floor(runs.length / 2)]
  if (!lhr) throw new Error(`no run of ${pagePath}`)
  const { audits } = lhr
  const score = (id: string) => scoreOf(lhr, id)
  const seconds = (id: string) => `${((audits[id]?.numericValue ?? 0) / 1000).toFixed(1)} s`
  if (process.env.LIGHTHOUSE_DETAILS) {
    for (const id of [
      'largest-contentful-paint-element',
      'bootup-time',
      'network-requests',
      'long-tasks',
    ]) {
      console.log(name, id, JSON.stringify(audits[id]?.details ?? null).slice(0, 3000))
    }
  }
  const performances = runs.map((run) => scoreOf(run, 'performance')).join(', ')
  figures.push(
    `  ${name}: performance ${score('performance')} (median of ${performances}), ` +
      `accessibility ${score('accessibility')}, best practices ${score('best-practices')}; ` +
      `FCP ${seconds('first-contentful-paint')}, LCP ${seconds('largest-contentful-paint')}, ` +
      `TBT ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} ms, ` +
      `CLS ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)}` +
      ` (${lhr.finalDisplayedUrl.replace(server.url, '')})`,
  )
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const launched = await root.post('/api/admin/launch-gold-estates')
  if (launched.status !== 200) throw new Error(`launch: ${launched.status}`)
}, 60_000)

afterAll(async () => {
  console.log(
    `\nLighthouse, mobile (targets: performance ≥ 95 on /; signed in ≥ 90 and TBT ≤ 200 ms on a returning device, ≥ 80 on a new one (issue 49, decisions 027 and 041); CLS 0; accessibility 100; best practices ≥ 95):\n${figures.join('\n')}\n`,
  )
  await server?.close()
})

describe('lighthouse', () => {
  bench(
    'landing page, Dashboard and Gold Estates dashboard',
    async () => {
      if (!process.env.LIGHTHOUSE_DETAILS) await audit('/ (signed out)', '/')
      await audit('Dashboard (signed in)', '/', root.cookies)
      await audit('Gold Estates dashboard', '/gold-estates/dashboard', root.cookies)
      await audit('Dashboard (signed in, returning device)', '/', root.cookies, true)
      await audit(
        'Gold Estates dashboard (returning device)',
        '/gold-estates/dashboard',
        root.cookies,
        true,
      )
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
