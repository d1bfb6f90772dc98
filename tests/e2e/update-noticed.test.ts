import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, expect, test } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import type { TestServer } from '../support/test-server.ts'
import { waitForServiceWorker } from './app-helpers.ts'
import { publishNewVersion, removeBuildCopy, startServerOnBuildCopy } from './build-copy.ts'
import { DESKTOP, newAppContext, PHONE, signInOnPage, waitForShell } from './page-helpers.ts'

// A new version is offered in every open tab, whichever tab found it, and a tab that comes
// back into view after some minutes looks for one (docs/behaviour.md, The shell).

let server: TestServer
let browser: Browser
let context: BrowserContext
const root = { email: 'root@example.com', password: 'root password' }
/** The file's copy of the build, where it publishes new versions of its own. */
let webRoot: string

beforeAll(async () => {
  ;({ server, webRoot } = await startServerOnBuildCopy('web-update-noticed-test'))
  browser = await connectBrowser()
  await signInFirstSuperadmin(server, root.email)
})

beforeEach(async () => {
  await context?.close()
})

afterAll(async () => {
  await context?.close()
  await browser?.close()
  await server?.close()
  if (webRoot) removeBuildCopy(webRoot)
})

let versions = 0
/** Publishes a new version: the service worker's script changes. */
const publishNextVersion = () => publishNewVersion(webRoot, `version ${++versions}`)

function updatePrompt(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Er is een nieuwe versie beschikbaar' })
}

/**
 * Makes the page believe it was hidden and shown again, `minutes` later by its clock.
 * Answers how often the page looked for a new version meanwhile: it decides on the
 * visibility event itself, so the count is complete once the events are handled.
 */
async function comeBackIntoView(page: Page, minutes: number) {
  return page.evaluate((shift) => {
    const realNow = Date.now.bind(Date)
    Date.now = () => realNow() + shift
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
      document.dispatchEvent(new Event('visibilitychange'))
    }
    const { prototype } = ServiceWorkerRegistration
    const update = prototype.update
    let looks = 0
    prototype.update = function (this: ServiceWorkerRegistration) {
      looks++
      return update.call(this)
    }
    try {
      setVisibility('hidden')
      setVisibility('visible')
    } finally {
      prototype.update = update
    }
    return looks
  }, minutes * 60_000)
}

test('a new version found by one tab is offered in every tab', async () => {
  context = await newAppContext(browser, server.url, DESKTOP)
  const first = await context.newPage()
  await signInOnPage(first, root)
  await waitForServiceWorker(first)
  const second = await context.newPage()
  await second.goto('/apps')
  await waitForShell(second)
  await waitForServiceWorker(second)

  publishNextVersion()
  await first.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  await updatePrompt(first).waitFor()
  await updatePrompt(second).waitFor()
  // A tab opened while the new version waits offers it too.
  const third = await context.newPage()
  await third.goto('/activities')
  await waitForShell(third)
  await updatePrompt(third).waitFor()
})

test('a tab that comes back into view after some minutes looks for a new version', async () => {
  context = await newAppContext(browser, server.url, PHONE)
  const page = await context.newPage()
  await signInOnPage(page, root)
  await waitForServiceWorker(page)

  publishNextVersion()
  // Back after a moment: too soon to look again.
  expect(await comeBackIntoView(page, 1)).toBe(0)
  expect(await updatePrompt(page).count()).toBe(0)
  // Back after ten minutes: it looks, finds the new version and offers it.
  expect(await comeBackIntoView(page, 10)).toBe(1)
  await updatePrompt(page).waitFor()
  await expect.poll(() => updatePrompt(page).isVisible()).toBe(true)
})
