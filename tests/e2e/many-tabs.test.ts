import type { BrowserContext, Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { eventually } from '../support/eventually.ts'
import { addApp, appCard, endDatabaseWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { DESKTOP, newAppContext, openSignedIn, waitForShell } from './page-helpers.ts'

// A browser allows six connections to one host (HTTP/1.1). Only the tab that replicates
// holds the live event stream, so a seventh tab still loads and a change made in one tab
// reaches every other tab. Whether a tab is shown or hidden does not change which one
// replicates.

const file = setUpBrowserFile()

test('seven tabs of one person: the seventh loads, and an edit in one shows in the others', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  const first = await context.newPage()
  await openSignedIn(first, file.root)
  const pages = [first]
  for (let index = 1; index < 7; index++) {
    const page = await context.newPage()
    await page.goto('/apps')
    await waitForShell(page)
    await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
    pages.push(page)
  }
  const seventh = pages[6]
  // The seventh tab's own calls are answered, not stalled behind six open streams.
  const status = await seventh?.evaluate(async () => (await fetch('/api/auth/user')).status)
  expect(status).toBe(200)
  // Written in the first tab's local database, it reaches the server and every tab.
  await first.goto('/apps')
  await first.getByRole('button', { name: 'Nieuwe App' }).click()
  await first.getByLabel('Naam *').fill('Zevende Tab')
  await first.getByLabel('URL *').fill('https://zeven.example.com')
  await first.getByRole('button', { name: 'Toevoegen', exact: true }).click()
  for (const page of pages.slice(1)) {
    await page.getByText('Zevende Tab').first().waitFor()
  }
  await context.close()
  // Seven pages loading on two CPUs beside another browser file: about 15 s alone, twice
  // that in CI's full run.
}, 90_000)

/** Counts the replication calls (pull and push) one page makes itself. */
function countReplicationCalls(page: Page) {
  const counts = { pull: 0, push: 0 }
  page.on('request', (request) => {
    const match = /\/api\/sync\/v1\/[^/]+\/(pull|push)\b/.exec(request.url())
    if (match) counts[match[1] as 'pull' | 'push']++
  })
  return counts
}

/**
 * Hides the page and shows it again, as switching to another tab and back does. Headless
 * pages are always visible, so the page's document says so itself and hears the event.
 */
async function hideAndShow(page: Page) {
  for (const state of ['hidden', 'visible']) {
    await page.evaluate((visibility) => {
      Object.defineProperty(document, 'visibilityState', {
        configurable: true,
        get: () => visibility,
      })
      Object.defineProperty(document, 'hidden', {
        configurable: true,
        get: () => visibility === 'hidden',
      })
      document.dispatchEvent(new Event('visibilitychange'))
    }, state)
  }
}

test('a tab that does not replicate stays so when it is hidden and shown again; it takes over when the replicating tab closes', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  const leader = await context.newPage()
  const leaderCalls = countReplicationCalls(leader)
  await openSignedIn(leader, file.root)
  await eventually(() => expect(leaderCalls.pull).toBeGreaterThan(0))
  const follower = await context.newPage()
  const followerCalls = countReplicationCalls(follower)
  await follower.goto('/apps')
  await waitForShell(follower)
  await follower.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await hideAndShow(follower)
  // A change made in the follower is sent once, by the tab that replicates.
  const pushesBefore = leaderCalls.push
  await follower.getByRole('button', { name: 'Nieuwe App' }).click()
  await follower.getByLabel('Naam *').fill('Verborgen Tab')
  await follower.getByLabel('URL *').fill('https://verborgen.example.com')
  await follower.getByRole('button', { name: 'Toevoegen', exact: true }).click()
  await eventually(() => expect(leaderCalls.push).toBeGreaterThan(pushesBefore))
  await leader.getByText('Verborgen Tab').first().waitFor()
  await hideAndShow(follower)
  // A change made elsewhere reaches the follower through the tab that replicates, and the
  // follower made no call of its own meanwhile.
  const created = await context.request.post('/api/app-connections', {
    data: { name: 'Van Elders', url: 'https://elders.example.com' },
  })
  expect(created.status()).toBe(201)
  await follower.getByText('Van Elders').first().waitFor()
  expect(followerCalls).toEqual({ pull: 0, push: 0 })
  // Once the replicating tab is gone, the other one takes over and replicates.
  await leader.close()
  await eventually(() => expect(followerCalls.pull).toBeGreaterThan(0))
  await context.close()
})

/** Two tabs of the file's SUPERADMIN on the Apps screen, the first signed in. */
async function openTwoAppsTabs(context: BrowserContext) {
  const first = await context.newPage()
  await openSignedIn(first, file.root, '/apps')
  const second = await context.newPage()
  await second.goto('/apps')
  await waitForShell(second)
  await second.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  return [first, second] as const
}

test('the database worker ends under two tabs: both open their database again, and what was stored offline is sent once', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  const [first, second] = await openTwoAppsTabs(context)
  await context.setOffline(true)
  await addApp(first, { name: 'Voor Het Einde', url: 'https://voor.example.com', description: '' })
  await appCard(second, 'Voor Het Einde').waitFor()
  // Both tabs hear that the worker ended, and open their database with a new one.
  const reopened = [first, second].map((page) =>
    page.waitForEvent('console', {
      predicate: (message) => message.text().includes('the database worker ended'),
    }),
  )
  await endDatabaseWorker(first)
  await Promise.all(reopened)
  // Written through the new worker in one tab, shown in the other from it.
  await addApp(second, { name: 'Na Het Einde', url: 'https://na.example.com', description: '' })
  await appCard(first, 'Na Het Einde').waitFor()
  await appCard(first, 'Voor Het Einde').waitFor()
  await context.setOffline(false)
  await eventually(async () => {
    const apps = (await file.api.get('/api/app-connections')).json as { name: string }[]
    expect(apps.filter((app) => app.name === 'Voor Het Einde')).toHaveLength(1)
    expect(apps.filter((app) => app.name === 'Na Het Einde')).toHaveLength(1)
  })
  await context.close()
})

test('a database worker that takes the connection and ends without a word: the page asks again and its database opens', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  // As a worker that had just ended when the page reached for it: the first script the
  // browser gets keeps the connection for half a second, says nothing and closes.
  let silentWorkers = 0
  await context.route('**/assets/database-worker-*.js', async (route) => {
    if (silentWorkers > 0) return route.continue()
    silentWorkers++
    await route.fulfill({
      contentType: 'text/javascript',
      body: 'self.onconnect = () => setTimeout(() => self.close(), 500)',
    })
  })
  const page = await context.newPage()
  await openSignedIn(page, file.root, '/apps')
  await addApp(page, { name: 'Na De Stilte', url: 'https://stilte.example.com', description: '' })
  await appCard(page, 'Na De Stilte').waitFor()
  expect(silentWorkers).toBe(1)
  await eventually(async () => {
    const apps = (await file.api.get('/api/app-connections')).json as { name: string }[]
    expect(apps.filter((app) => app.name === 'Na De Stilte')).toHaveLength(1)
  })
  await context.close()
})

test('without SharedWorker each tab has a database worker of its own: a change in one tab shows in the other and reaches the server once', async () => {
  const context = await newAppContext(file.browser, file.server.url, DESKTOP)
  // As a browser without shared workers (Chrome on Android before 2026).
  await context.addInitScript(() => {
    Reflect.deleteProperty(globalThis, 'SharedWorker')
  })
  const [first, second] = await openTwoAppsTabs(context)
  expect(await second.evaluate(() => typeof SharedWorker)).toBe('undefined')
  await addApp(first, { name: 'Eigen Werker', url: 'https://eigen.example.com', description: '' })
  await appCard(second, 'Eigen Werker').waitFor()
  await eventually(async () => {
    const apps = (await file.api.get('/api/app-connections')).json as { name: string }[]
    expect(apps.filter((app) => app.name === 'Eigen Werker')).toHaveLength(1)
  })
  await context.close()
})
