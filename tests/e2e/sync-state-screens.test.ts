import { beforeAll, expect, test } from 'vitest'
import { FIRST_SYNC_MARK } from '#sync/client/local-database'
import { seedCentral } from '../support/seed-organisation.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, laterPulls, newAppContext, screenshot, signIn } from './page-helpers.ts'

// The sync state a person sees while a new device fills for the first time, and after a
// reload that cut that first fill off.

const file = setUpBrowserFile()

beforeAll(async () => {
  for (let index = 0; index < 40; index++) {
    await file.api.post('/api/app-connections', {
      name: `App ${index}`,
      url: `https://a${index}.example.com`,
    })
  }
})

/**
 * A new browser of someone signed in (through the API, as the login screen does): its
 * local database is empty, and nothing has opened the app in it yet.
 */
async function openFreshDevice() {
  const fresh = await newAppContext(file.browser, file.server.url, DESKTOP)
  await signIn(fresh, file.root)
  return fresh
}

test('the first sync shows its progress in the header (desktop; a phone shows only waiting changes)', async () => {
  // A fresh device: its database is new; the activity log arrives slowly.
  const fresh = await openFreshDevice()
  const device = await fresh.newPage()
  // The activity log's first pull waits until the screenshot is taken: the first sync is
  // under way for as long as the test needs.
  let releasePull: () => void = () => undefined
  const pullHeld = new Promise<void>((resolve) => {
    releasePull = resolve
  })
  await device.route('**/api/sync/v1/activities/pull**', async (route) => {
    await pullHeld
    await route.continue().catch(() => undefined)
  })
  await device.goto('/apps')
  const syncState = device.locator('header button[aria-label^="Synchronisatie:"]')
  await expect
    .poll(() => syncState.getAttribute('aria-label'))
    .toMatch(/^Synchronisatie: Eerste synchronisatie: \d+ items ontvangen$/)
  await syncState.click()
  await device
    .getByRole('dialog', { name: 'Synchronisatie' })
    .getByText(/voor het eerst op dit apparaat/)
    .waitFor()
  await screenshot(device, 'sync-state-first-sync', { fullPage: false })
  await device.keyboard.press('Escape')
  releasePull()
  await expect
    .poll(() => syncState.getAttribute('aria-label'), { timeout: 15_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  await fresh.close()
})

test('a new device asks for the first page of each collection while its database opens, once; a device that has one does not', async () => {
  const fresh = await openFreshDevice()
  const device = await fresh.newPage()
  const firstPages: string[] = []
  device.on('request', (request) => {
    const match = /\/api\/sync\/v1\/(\w+)\/pull\?checkpoint=0&/.exec(request.url())
    if (match?.[1]) firstPages.push(match[1])
  })
  await device.goto('/apps')
  await device.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    `${FIRST_SYNC_MARK}-done:central`,
    { timeout: 30_000 },
  )
  // Asked before the database was open and counted (the start mark), and each only once:
  // the fill takes the page that was asked early.
  const askedBeforeOpen = await device.evaluate((mark) => {
    const opened = performance.getEntriesByName(mark)[0]?.startTime ?? 0
    return performance
      .getEntriesByType('resource')
      .filter((entry) => /\/pull\?checkpoint=0&/.test(entry.name))
      .map((entry) => entry.startTime < opened)
  }, `${FIRST_SYNC_MARK}-start:central`)
  expect(askedBeforeOpen).toEqual([true, true, true])
  expect(firstPages.sort()).toEqual(['activities', 'appConnections', 'users'])

  // The next visit has its database: the replication goes on from where it was.
  firstPages.length = 0
  await device.reload()
  await device.locator('header button[aria-label="Synchronisatie: Gesynchroniseerd"]').waitFor()
  expect(firstPages).toEqual([])
  await fresh.close()
})

test('a reload that cuts the first sync off goes on with it: one offline change is one waiting change', async () => {
  // More apps than one page: the reload comes after the first page is stored.
  seedCentral(file.server.deps.organisations.get(file.organisationId), file.organisationId, {
    users: 0,
    apps: 1200,
  })
  const fresh = await openFreshDevice()
  const device = await fresh.newPage()
  let usageRequests = 0
  device.on('request', (request) => {
    if (/\/api\/app-connections\/[^/]+\/usage/.test(request.url())) usageRequests++
  })
  const laterPages = laterPulls('appConnections')
  await device.route(laterPages, () => undefined) // held: the page is reloaded first
  await device.goto('/apps')
  const storedSeq = () =>
    device.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => name.endsWith(':appConnections'))
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}').pull?.seq ?? 0) : 0
    })
  await expect.poll(storedSeq, { timeout: 15_000 }).toBeGreaterThan(0)
  await device.unroute(laterPages)
  await device.reload()

  const syncState = device.locator('header button[aria-label^="Synchronisatie:"]')
  await expect
    .poll(() => syncState.getAttribute('aria-label'), { timeout: 30_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  // A thousand cards are shown 60 at a time: each change redrew all of them.
  const cards = device.getByRole('region', { name: 'Gekoppelde Apps' }).getByRole('listitem')
  await expect.poll(() => cards.count()).toBe(60)
  await device.getByRole('button', { name: 'Meer tonen' }).click()
  await expect.poll(() => cards.count()).toBe(120)
  await fresh.setOffline(true)
  await device.getByRole('button', { name: 'Nieuwe App', exact: true }).click()
  const dialog = device.getByRole('dialog', { name: 'Nieuwe App Toevoegen' })
  await dialog.getByLabel('Naam *').fill('Na het herladen')
  await dialog.getByLabel('URL *').fill('https://herladen.example.com')
  await dialog.getByRole('button', { name: 'Toevoegen' }).click()
  await dialog.waitFor({ state: 'detached' })
  // Counted from RxDB's bookkeeping after the collection settles. One, not the 1,200 the
  // fill stored.
  await expect
    .poll(() => syncState.getAttribute('aria-label'), { timeout: 15_000 })
    .toBe('Synchronisatie: 1 wijziging wacht op verzending')
  // Sent at once and its answer settled in RxDB's bookkeeping: about 1.5 s here. It took
  // 10-40 s while every change redrew all 1,200 cards and the failures of the time offline
  // still counted as the server's (retry-backoff.ts).
  await fresh.setOffline(false)
  await expect
    .poll(() => syncState.getAttribute('aria-label'), { timeout: 60_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  // Usage is asked for the cards near the screen, not for all 1,200 apps at every return
  // of the connection (those requests held the push back for 17 s).
  expect(usageRequests).toBeGreaterThan(0)
  expect(usageRequests).toBeLessThan(100)
  await fresh.close()
}, 150_000)

test('a second tab that takes over after the first filled the device does not fill it again', async () => {
  const fresh = await openFreshDevice()
  // The first tab's fill waits until the second tab has opened the still empty database.
  const pulls = '**/api/sync/v1/*/pull**'
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => {
    release = resolve
  })
  await fresh.route(pulls, async (route) => {
    await held
    await route.continue().catch(() => undefined)
  })
  const first = await fresh.newPage()
  const firstFilling = first.waitForRequest(/\/api\/sync\/v1\/\w+\/pull\?checkpoint=0&/)
  await first.goto('/')
  await firstFilling // it is the tab that replicates
  const second = await fresh.newPage()
  const fromTheStart: string[] = []
  second.on('request', (request) => {
    if (/\/api\/sync\/v1\/\w+\/pull\?checkpoint=0&/.test(request.url()))
      fromTheStart.push(request.url())
  })
  await second.goto('/')
  // Its local database is open, and as empty as the first tab left it so far.
  await second.waitForFunction(
    (mark) => performance.getEntriesByName(mark).length > 0,
    `${FIRST_SYNC_MARK}-start:central`,
  )
  release()
  const syncState = (tab: typeof first) =>
    tab.locator('header button[aria-label^="Synchronisatie:"]').getAttribute('aria-label')
  await expect
    .poll(() => syncState(first), { timeout: 30_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  // The replication has taken over: the fill's marks are gone, but for the one saying
  // that it ended.
  await expect
    .poll(
      () =>
        first.evaluate(() =>
          Object.keys(localStorage)
            .filter((key) => key.startsWith('centraal-fill:'))
            .map((key) => key.slice(key.lastIndexOf(':'))),
        ),
      { timeout: 30_000 },
    )
    .toEqual([':#completed'])
  // Both tabs count every app from their own database: the fill stores without RxDB's
  // change events, and neither tab had asked its database anything before it was filled.
  const onServer = (await (await first.request.get('/api/app-connections')).json()) as unknown[]
  const total = new Intl.NumberFormat('nl-NL').format(onServer.length)
  const appsCount = (tab: typeof first) =>
    tab
      .locator('[aria-label="Totaal Apps"] p')
      .first()
      .textContent({ timeout: 1_000 })
      .catch(() => '')
  await expect
    .poll(() => syncState(second), { timeout: 30_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  await expect.poll(() => appsCount(first), { timeout: 15_000 }).toBe(total)
  await expect.poll(() => appsCount(second), { timeout: 15_000 }).toBe(total)
  // The first tab closes: the second takes over and replicates from where the first left off.
  const secondPulls = second.waitForRequest(/\/api\/sync\/v1\/\w+\/pull\?/, { timeout: 30_000 })
  await first.close()
  await secondPulls
  await expect
    .poll(() => syncState(second), { timeout: 30_000 })
    .toBe('Synchronisatie: Gesynchroniseerd')
  expect(fromTheStart).toEqual([])
  await fresh.close()
}, 90_000)
