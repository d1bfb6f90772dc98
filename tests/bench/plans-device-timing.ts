import { fileURLToPath } from 'node:url'
import type { Page } from 'playwright-core'
import { summariseProfile } from './cpu-profile.ts'
import { TASK_CATEGORIES, type TraceEvent, tasksBetweenMarks } from './trace-tasks.ts'

/** The web build's assets, with their hidden source maps (the profile names sources by them). */
const WEB_ASSETS = fileURLToPath(new URL('../../dist/web/assets', import.meta.url))

// The plans-device bench's timings in the page, on its one clock: from a press (or the
// browser's `online` event) until the Dashboard's "Openstaand" tile shows a figure.

/** ms from the start to each figure, and to the Dashboard's URL and its tile (any figure). */
export type Timing = { times: number[]; dashboard: number; tile: number }

/**
 * In the page: starts at the press on "Verkoop Registreren" (or at the browser's `online`
 * event), and answers the ms until the tile shows each of `texts` in turn. Marks both
 * moments (`plans-press`, `plans-figure`) for a trace.
 */
export function timeTile(page: Page, texts: string[], from: 'press' | 'online') {
  return page.evaluate(
    ({ texts, from }) =>
      new Promise<Timing>((resolve, reject) => {
        const timing: Timing = { times: [], dashboard: -1, tile: -1 }
        const { times } = timing
        let start = performance.now()
        const timeout = setTimeout(() => {
          const tile = document.querySelector('[aria-label="Openstaand"]')?.textContent
          const shown = (tile ?? document.body.textContent ?? '').slice(0, 600)
          reject(new Error(`${times.length} of ${texts} at ${location.pathname}: ${shown}`))
        }, 60_000)
        const look = () => {
          if (start < 0) return
          const now = performance.now() - start
          if (timing.dashboard < 0 && location.pathname.endsWith('/dashboard')) {
            timing.dashboard = now
          }
          const tile = document.querySelector('[aria-label="Openstaand"]')
          if (timing.tile < 0 && tile) timing.tile = now
          const shown = tile?.textContent ?? ''
          // A later figure shown first (one render took both) counts for the earlier too.
          const reached = texts.findLastIndex((text) => shown.includes(text))
          while (times.length <= reached) times.push(now)
          if (times.length < texts.length) return
          performance.mark('plans-figure')
          observer.disconnect()
          clearTimeout(timeout)
          resolve(timing)
        }
        const observer = new MutationObserver(look)
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        if (from === 'online') {
          start = -1
          window.addEventListener('online', () => {
            performance.mark('plans-press')
            start = performance.now()
            look()
          })
          return
        }
        const button = [...document.querySelectorAll('button')].find(
          (item) => item.textContent?.trim() === 'Verkoop Registreren',
        )
        if (!button) return reject(new Error('no submit button'))
        performance.mark('plans-press')
        start = performance.now()
        button.click()
      }),
    { texts, from },
  )
}

/**
 * The Dashboard again with nothing changed since its last figures (from "Commissie
 * Dashboard", whose own question left the worker's reading of the sales in place): ms
 * from the press on its link until the tile shows `cents`. Beside the press, this is the
 * worker's answer without a new reading of the sales.
 */
export async function timeReturn(page: Page, text: string) {
  await page.getByRole('link', { name: 'Commissies' }).first().click()
  await page.getByRole('heading', { level: 1, name: 'Commissie Dashboard' }).waitFor()
  return page.evaluate(
    (text) =>
      new Promise<number>((resolve, reject) => {
        const link = document.querySelector<HTMLAnchorElement>('a[href$="/dashboard"]')
        if (!link) return reject(new Error('no Dashboard link'))
        const start = performance.now()
        const timeout = setTimeout(() => reject(new Error('the Dashboard never showed')), 60_000)
        const observer = new MutationObserver(() => {
          const tile = document.querySelector('[aria-label="Openstaand"]')
          if (!tile?.textContent?.includes(text)) return
          observer.disconnect()
          clearTimeout(timeout)
          resolve(performance.now() - start)
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        link.click()
      }),
    text,
  )
}

/** The page's CPU profile of `action`, summarised (self time by function and script). */
export async function profiled<T>(
  page: Page,
  origin: string,
  action: () => Promise<T>,
): Promise<{ result: T; summary: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  const result = await action()
  const { profile } = await cdp.send('Profiler.stop')
  await cdp.detach()
  return { result, summary: summariseProfile(profile, origin, WEB_ASSETS) }
}

/**
 * Every thread's tasks in a Chromium trace of `action`, from its `plans-press` mark to its
 * `plans-figure` mark, as lines: each thread's busy time and its tasks of 2 ms or more.
 */
export async function traced<T>(page: Page, action: () => Promise<T>) {
  const tracer = await page.context().newCDPSession(page)
  const events: TraceEvent[] = []
  tracer.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  )
  await tracer.send('Tracing.start', { categories: TASK_CATEGORIES, transferMode: 'ReportEvents' })
  const result = await action()
  const complete = new Promise((resolve) => tracer.once('Tracing.tracingComplete', resolve))
  await tracer.send('Tracing.end')
  await complete
  await tracer.detach()
  const { spanMs, threads } = tasksBetweenMarks(events, 'plans-press', 'plans-figure', 2)
  const lines = [`    ${spanMs.toFixed(0)} ms from the press to the figure:`]
  for (const { thread, busyMs, tasks } of threads) {
    lines.push(`    ${thread}: busy ${busyMs.toFixed(0)} ms`)
    for (const task of tasks.filter((each) => each.durationMs >= 2)) {
      lines.push(
        `      at ${task.startMs.toFixed(0)} ms, ${task.durationMs.toFixed(0)} ms: ${task.what}`,
      )
    }
  }
  return { result, summary: lines.join('\n') }
}
