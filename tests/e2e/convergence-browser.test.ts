import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { connectBrowser } from '../support/browser.ts'
import { startConvergenceRun } from '../support/convergence-run.ts'
import { findFreePort } from '../support/free-port.ts'
import { createSeededRandom } from '../support/seeded-random.ts'
import { DESKTOP } from './page-helpers.ts'

// The convergence run (tests/api/convergence.test.ts) with a real Chromium among its
// devices: while three devices of the product's replication in Node write, go offline and
// see the server killed mid-push, a browser of the central ADMIN adds apps through the
// screen, some of them offline. In the end the browser shows exactly the server's apps,
// each of its own once.

const SEED = 20261123
let browser: Browser
let run: Awaited<ReturnType<typeof startConvergenceRun>>

beforeAll(async () => {
  browser = await connectBrowser()
  run = await startConvergenceRun({
    seed: SEED,
    port: await findFreePort(),
    people: [
      { area: 'central', role: 'ADMIN', collections: ['appConnections'] },
      { area: 'central', role: 'MANAGER', collections: ['appConnections'] },
      { area: 'sales', role: 'ADMIN' },
    ],
    operationsPerDevice: 25,
    pauseMs: [40, 200],
    settleTimeoutMs: 30_000,
  })
}, 60_000)

afterAll(async () => {
  await run?.close()
  await browser?.close()
})

async function addApp(page: Page, name: string) {
  await page.getByRole('button', { name: 'Nieuwe App' }).first().click()
  await page.getByLabel('Naam *').fill(name)
  await page
    .getByLabel('URL *')
    .fill(`https://${name.replace(/\W/g, '').toLowerCase()}.example.com`)
  await page.getByRole('button', { name: 'Toevoegen', exact: true }).click()
  await page.getByRole('heading', { level: 3, name }).waitFor()
}

async function serverAppNames() {
  const admin = run.people[0]
  const cookie = [...(admin?.cookies ?? [])].map(([name, value]) => `${name}=${value}`).join('; ')
  const apps = (await (
    await fetch(`${run.url()}/api/app-connections`, { headers: { cookie } })
  ).json()) as {
    name: string
  }[]
  return apps.map((app) => app.name).sort()
}

test(`a browser among the devices ends with the server's apps, its own once (seed ${SEED})`, async () => {
  const random = createSeededRandom(SEED)
  const context = await browser.newContext({
    viewport: DESKTOP,
    baseURL: run.url(),
    locale: 'nl-NL',
  })
  context.setDefaultTimeout(20_000)
  // The browser is a second device of the central ADMIN: the same session.
  await context.addCookies(
    [...(run.people[0]?.cookies ?? [])].map(([name, value]) => ({ name, value, url: run.url() })),
  )
  const page = await context.newPage()
  await page.goto('/apps')
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()

  const own: string[] = []
  const browserWrites = (async () => {
    for (let index = 0; index < 6; index++) {
      const isOffline = random.next() < 0.4
      if (isOffline) await context.setOffline(true)
      const name = `Browser ${index}`
      await addApp(page, name)
      own.push(name)
      // The person's pause between two apps (random, from the run's seed), not a wait for a state.
      await page.waitForTimeout(random.between(100, 500))
      if (isOffline) await context.setOffline(false)
    }
  })()
  await Promise.all([run.playChaos(), browserWrites])
  const { busy } = await run.settle()
  expect(busy).toEqual([])

  // The browser's own apps reached the server once each, and it shows what the server has.
  await expect
    .poll(async () => (await serverAppNames()).filter((name) => own.includes(name)), {
      timeout: 20_000,
    })
    .toEqual([...own].sort())
  const server = await serverAppNames()
  await page.reload()
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await expect
    .poll(async () => (await page.locator('main h3').allTextContents()).sort(), { timeout: 20_000 })
    .toEqual(server)
  await context.close()
}, 120_000)
