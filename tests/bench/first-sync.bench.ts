import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { FILL_PROGRESS_PREFIX } from '#sync/client/fill-progress'
import { FIRST_SYNC_MARK } from '#sync/client/local-database'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { launchProfile } from '../support/browser.ts'
import type { Client } from '../support/http.ts'
import { seedCentral, seedSales } from '../support/seed-organisation.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { summariseProfile } from './cpu-profile.ts'
import { median } from './median.ts'

// An ADMIN opens the app on an empty browser:
// 5,000 sales with 15,000 commission lines, 2,000 users and 200 apps. Timed in the page
// from its navigation: when the dashboard shows the organisation's real figures (target
// ≤ 1 s), and when every document is in the local database (the first-sync mark that
// local-database.ts sets once each collection is pulled and stored; target ≤ 5 s).
// Each area is visited VISITS times; the figures are the medians, with every visit's
// beside them (one visit on this shared two-CPU machine varies by ±0.2 s).
// FIRST_SYNC_PROFILE=<file prefix> also records a Chromium CPU profile of each area's
// first visit and prints where the time went; FIRST_SYNC_TRACE=<file prefix> records a
// Chromium trace of it (the page's tasks, for chrome://tracing or Perfetto).
// Issue 29's targets for the page's own thread while it fills: its longest task from the
// fill's start until every document is local (Chromium's long tasks, over 50 ms; target:
// none over 100 ms; the tasks before and after it are printed beside),
// and, in one more visit of Gold Estates, how long a tap on the header's theme button takes
// to change the page while the fill is still running (target ≤ 200 ms).

const USERS = 2000
const APPS = 200
const SALES = 5000
const VISITS = 3
/** How long after the replication took over the page's tasks are still looked at. */
const AFTER_TAKEOVER_MS = 2000

/** How long a return visit (a reload once everything is local) is looked at. */
const RETURN_VISIT_MS = 4000

let server: TestServer
let root: Client
const figures: string[] = []

type Area = 'central' | 'sales'
type Figure = { title: string; value: string }

type Visit = {
  usefulMs: number
  localMs: number
  settledMs: number
  /**
   * The page's longest task and how many took over 100 ms, in three spans: opening (from
   * the navigation to the fill's start), the fill (to every document local: the target's
   * span) and the takeover (to two seconds after the replication took over: the screens'
   * queries of everything that is now local run then).
   */
  tasks: Record<Span, { longestMs: number; over100: number }>
  /**
   * The same page loaded again once everything is local (the visit people make most):
   * its longest task and its blocking time (each long task's time over 50 ms, summed) in
   * its first RETURN_VISIT_MS.
   */
  returning: { longestMs: number; blockingMs: number }
  /** Gold Estates: from the dashboard's "Nieuwe verkoop" to the wizard's first step. */
  wizard?: { shownMs: number; longestMs: number }
  /** Gold Estates: from a press on Commissies to the first page of the sales list. */
  commissions?: { shownMs: number; longestMs: number }
}

type Span = 'opening' | 'fill' | 'takeover'

/** A tap during the fill: from the finger down to the frame after the page changed. */
type Tap = { answerMs: number; isDuringFill: boolean }

/** Chromium's long tasks of the page from its start, kept where the bench can read them. */
function recordLongTasks() {
  const tasks: LongTask[] = []
  Object.assign(window, { centraalLongTasks: tasks })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      tasks.push({ start: entry.startTime, duration: entry.duration })
    }
  }).observe({ type: 'longtask', buffered: true })
}

/**
 * Taps the header's theme button (a phone's header shows no sync state) and times, in the
 * page, from the finger down to the frame after the theme changed; whether the first fill
 * was still running then.
 */
async function tapThemeButton(page: Page, area: Area): Promise<Tap> {
  await page.evaluate(() => {
    const tap: { down?: number; shown?: number } = {}
    Object.assign(window, { centraalTap: tap })
    addEventListener('pointerdown', () => (tap.down ??= performance.now()), { capture: true })
    new MutationObserver((_, observer) => {
      observer.disconnect()
      requestAnimationFrame(() => (tap.shown = performance.now()))
    }).observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
  })
  await page
    .getByRole('banner')
    .getByRole('button', { name: / thema$/ })
    .click()
  return page
    .waitForFunction(
      (doneMark) => {
        const { down, shown } = (window as unknown as { centraalTap: Record<string, number> })
          .centraalTap
        if (down === undefined || shown === undefined) return false
        const done = performance.getEntriesByName(doneMark)[0]?.startTime ?? Infinity
        return { answerMs: shown - down, isDuringFill: done > shown }
      },
      `${FIRST_SYNC_MARK}-done:${area}`,
      { timeout: 30_000, polling: 50 },
    )
    .then((handle) => handle.jsonValue() as Promise<Tap>)
}

/**
 * One first visit: times to the real figure and to everything local, in a new profile on
 * disk, as a phone's browser keeps it. Not an incognito context: Chromium keeps its
 * IndexedDB in memory there, on a store that writes 2–5 times slower than the one on disk
 * (decision 011), which no one's phone uses.
 */
async function firstVisit(
  area: Area,
  pagePath: string,
  figure: Figure,
  isProfiled: boolean,
  isTapping = false,
): Promise<Visit & { tap?: Tap }> {
  const profile = mkdtempSync(path.join(tmpdir(), 'centraal-first-sync-'))
  const context = await launchProfile(profile, { viewport: { width: 390, height: 844 } })
  await context.addInitScript(recordLongTasks)
  await context.addCookies(
    [...root.cookies].map(([name, value]) => ({ name, value, url: server.url })),
  )
  const page = await context.newPage()
  const profiling = isProfiled ? process.env.FIRST_SYNC_PROFILE : undefined
  const cdp = profiling ? await context.newCDPSession(page) : undefined
  const tracing = isProfiled ? process.env.FIRST_SYNC_TRACE : undefined
  const tracer = tracing ? await context.newCDPSession(page) : undefined
  const traceEvents: unknown[] = []
  if (tracer) {
    tracer.on('Tracing.dataCollected', ({ value }) => traceEvents.push(...value))
    await tracer.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,blink.user_timing',
      transferMode: 'ReportEvents',
    })
  }
  if (cdp) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 })
    await cdp.send('Profiler.start')
  }
  if (process.env.FIRST_SYNC_REQUESTS) {
    page.on('requestfinished', (request) => {
      const timing = request.timing()
      console.log(
        `${(timing.startTime % 100000).toFixed(0)} ${request.url().replace(server.url, '').slice(0, 70)} ` +
          `wait ${timing.responseStart.toFixed(0)} ms, end ${timing.responseEnd.toFixed(0)} ms`,
      )
    })
  }
  try {
    await page.goto(`${server.url}${pagePath}`, { waitUntil: 'commit' })
    const useful = await page.waitForFunction(
      ({ title, value }) => {
        const card = document.querySelector(`[aria-label="${title}"]`)
        return card?.textContent?.includes(value) ? performance.now() : false
      },
      figure,
      { timeout: 60_000, polling: 50 },
    )
    const tap = isTapping ? await tapThemeButton(page, area) : undefined
    const local = await page.waitForFunction(
      (name) => performance.getEntriesByName(name)[0]?.startTime ?? false,
      `${FIRST_SYNC_MARK}-done:${area}`,
      { timeout: 120_000, polling: 100 },
    )
    // The replication has taken over once the fill's marks are gone (its assumed states
    // written): from then on an edit is sent at once. The mark that a fill ended stays.
    const settled = await page.waitForFunction(
      (prefix) =>
        Object.keys(localStorage).some(
          (key) => key.startsWith(prefix) && !key.endsWith(':#completed'),
        )
          ? false
          : performance.now(),
      FILL_PROGRESS_PREFIX,
      { timeout: 120_000, polling: 100 },
    )
    const [usefulMs = 0, localMs = 0, settledMs = 0] = await Promise.all(
      [useful, local, settled].map(async (handle) => Number(await handle.jsonValue())),
    )
    await page.waitForTimeout(AFTER_TAKEOVER_MS)
    const fillStartMs = await page.evaluate(
      (startMark) => performance.getEntriesByName(startMark)[0]?.startTime ?? 0,
      `${FIRST_SYNC_MARK}-start:${area}`,
    )
    const tasks = await readLongTasks(page)
    const inSpan = (from: number, until: number) => {
      const durations = longTasksIn(tasks, from, until)
      return {
        longestMs: Math.max(0, ...durations),
        over100: durations.filter((duration) => duration > 100).length,
      }
    }
    const returning = await returnVisit(page, figure)
    const wizard = area === 'sales' ? await openWizard(page) : undefined
    const commissions = area === 'sales' ? await openCommissions(page) : undefined
    if (tracer) {
      const complete = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve))
      await tracer.send('Tracing.end')
      await complete
      writeFileSync(`${tracing}-${area}.json`, JSON.stringify({ traceEvents }))
    }
    if (cdp) {
      const { profile } = await cdp.send('Profiler.stop')
      writeFileSync(`${profiling}-${area}.cpuprofile`, JSON.stringify(profile))
      figures.push(summariseProfile(profile, server.url))
    }
    return {
      usefulMs,
      localMs,
      settledMs,
      tasks: {
        opening: inSpan(0, fillStartMs),
        fill: inSpan(fillStartMs, localMs),
        takeover: inSpan(localMs, settledMs + AFTER_TAKEOVER_MS),
      },
      returning,
      wizard,
      commissions,
      tap,
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

type LongTask = { start: number; duration: number }

/** The page's long tasks so far, as recordLongTasks kept them. */
function readLongTasks(page: Page): Promise<LongTask[]> {
  return page.evaluate(
    () => (window as unknown as { centraalLongTasks: LongTask[] }).centraalLongTasks,
  )
}

/** The durations of the long tasks that started in [from, until). */
function longTasksIn(tasks: readonly LongTask[], from: number, until: number): number[] {
  return tasks
    .filter((task) => task.start >= from && task.start < until)
    .map((task) => task.duration)
}

/** Loads the page again and reads its long tasks of the first RETURN_VISIT_MS. */
async function returnVisit(page: Page, figure: Figure) {
  await page.reload()
  await page.waitForFunction(
    ({ title, value }) =>
      document.querySelector(`[aria-label="${title}"]`)?.textContent?.includes(value),
    figure,
    { timeout: 60_000, polling: 50 },
  )
  await page.waitForFunction((ms) => performance.now() > ms, RETURN_VISIT_MS, { polling: 100 })
  const durations = longTasksIn(await readLongTasks(page), 0, RETURN_VISIT_MS)
  return {
    longestMs: Math.max(0, ...durations),
    blockingMs: durations.reduce((sum, duration) => sum + duration - 50, 0),
  }
}

/** Opens the sale wizard from the dashboard, as a seller does: how long, the longest task. */
async function openWizard(page: Page) {
  const clicked = await page.evaluate(() => performance.now())
  await page.getByRole('link', { name: 'Nieuwe verkoop' }).first().click()
  await page.getByRole('heading', { level: 2, name: 'Selecteer project' }).waitFor()
  const shown = await page.evaluate(() => performance.now())
  await page.waitForTimeout(500)
  const durations = longTasksIn(await readLongTasks(page), clicked, shown + 500)
  return { shownMs: shown - clicked, longestMs: Math.max(0, ...durations) }
}

/** Opens the commission screen from the menu: until its sales list shows, the longest task. */
async function openCommissions(page: Page) {
  const clicked = await page.evaluate(() => performance.now())
  await page.getByRole('link', { name: 'Commissies' }).first().click()
  await page.getByRole('navigation', { name: "Pagina's" }).waitFor({ timeout: 60_000 })
  const shown = await page.evaluate(() => performance.now())
  await page.waitForTimeout(500)
  const durations = longTasksIn(await readLongTasks(page), clicked, shown + 500)
  return { shownMs: shown - clicked, longestMs: Math.max(0, ...durations) }
}

/** VISITS first visits of a page; their medians beside the targets, each visit's after. */
async function visitTimes(area: Area, pagePath: string, figure: Figure) {
  const visits: Visit[] = []
  for (let visit = 0; visit < VISITS; visit++) {
    visits.push(await firstVisit(area, pagePath, figure, visit === 0))
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
  const of = (key: 'usefulMs' | 'localMs' | 'settledMs') =>
    `${seconds(median(visits.map((visit) => visit[key])))} (${visits
      .map((visit) => (visit[key] / 1000).toFixed(2))
      .join(', ')})`
  const eachOf = (read: (visit: Visit) => number) => {
    const each = visits.map(read)
    return `${median(each).toFixed(0)} ms (${each.map((ms) => ms.toFixed(0)).join(', ')})`
  }
  const longest = (span: Span, target = '') => {
    const each = visits.map((visit) => visit.tasks[span].longestMs)
    return (
      `longest task ${median(each).toFixed(0)} ms (${each.map((ms) => ms.toFixed(0)).join(', ')}` +
      `${target}), tasks over 100 ms: ${visits.map((visit) => visit.tasks[span].over100).join(', ')}`
    )
  }
  figures.push(
    `  ${area} (${pagePath}), median of ${VISITS}: real figures after ${of('usefulMs')} ` +
      `(target ≤ 1 s), every document local after ${of('localMs')} (target ≤ 5 s), ` +
      `replication taken over after ${of('settledMs')}`,
    `    the page's thread while it fills (from the fill's start until every document is ` +
      `local): ${longest('fill', '; target ≤ 100 ms')}`,
    `    before the fill (opening the app and its database): ${longest('opening')}`,
    `    after it, until ${AFTER_TAKEOVER_MS / 1000} s after the replication took over: ${longest('takeover')}`,
    `    a return visit (the page loaded again), its first ${RETURN_VISIT_MS / 1000} s: ` +
      `longest task ${eachOf((visit) => visit.returning.longestMs)}, ` +
      `blocking time ${eachOf((visit) => visit.returning.blockingMs)}`,
  )
  if (area !== 'sales') return
  figures.push(
    `    the sale wizard opened from the dashboard: shown after ` +
      `${eachOf((visit) => visit.wizard?.shownMs ?? 0)}, ` +
      `longest task ${eachOf((visit) => visit.wizard?.longestMs ?? 0)}`,
    `    the commission screen opened from the menu: its sales list shown after ` +
      `${eachOf((visit) => visit.commissions?.shownMs ?? 0)}, ` +
      `longest task ${eachOf((visit) => visit.commissions?.longestMs ?? 0)}`,
  )
  const { tap } = await firstVisit(area, pagePath, figure, false, true)
  if (tap) {
    figures.push(
      `    a tap on the header's theme button while it fills: the theme changed after ` +
        `${tap.answerMs.toFixed(0)} ms (target ≤ 200 ms)` +
        (tap.isDuringFill ? '' : ', but the fill had ended by then'),
    )
  }
}

beforeAll(async () => {
  server = await startTestServer()
  root = await signInFirstSuperadmin(server)
  const db = server.deps.organisations.get('default-org')
  seedCentral(db, 'default-org', { users: USERS, apps: APPS })
  seedSales(db, 'default-org', SALES)
  // As a superadmin opens Gold Estates of an organisation that has its sales already.
  const launched = await root.post('/api/admin/launch-gold-estates')
  if (launched.status !== 200) throw new Error(`launch: ${launched.status}`)
}, 120_000)

afterAll(async () => {
  console.log(
    `\nfirst sync on an empty browser, ${SALES} sales / ${SALES * 3} commission lines, ` +
      `${USERS} users / ${APPS} apps:\n${figures.join('\n')}\n`,
  )
  await server?.close()
})

describe('first sync', () => {
  bench(
    'Centraal dashboard, then the Gold Estates dashboard',
    async () => {
      const count = new Intl.NumberFormat('nl-NL')
      // The first superadmin is one of the users.
      await visitTimes('central', '/', {
        title: 'Totaal Gebruikers',
        value: count.format(USERS + 1),
      })
      await visitTimes('sales', '/gold-estates/dashboard', {
        title: 'Totaal Verkoop',
        value: count.format(SALES),
      })
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
