import { mkdirSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type {
  Browser,
  BrowserContext,
  BrowserContextOptions,
  Dialog,
  Download,
  Page,
} from 'playwright-core'

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../screenshots')

export const PHONE = { width: 390, height: 844 }
export const DESKTOP = { width: 1440, height: 900 }

/**
 * Whether this run takes screenshots (`npm run screenshots`, and CI): a test run without
 * them skips the tests that only take pictures, and screenshot() does nothing.
 */
export const isTakingScreenshots = process.env.SCREENSHOTS === '1'

/**
 * Saves a screenshot as tests/screenshots/<name>-<width>x<height>.png: the whole page, or
 * only the viewport for overlays (dialogs, sheets), which are fixed to it.
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (!isTakingScreenshots) return
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const size = page.viewportSize()
  const file = path.join(SCREENSHOT_DIR, `${name}-${size?.width}x${size?.height}.png`)
  // Open/close animations finish first, so the picture shows the resting state (spinners
  // run for ever and are left out).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => null)),
    ),
  )
  await page.screenshot({ path: file, fullPage })
}

/**
 * A new browser context on the app as a Dutch-speaking person's browser, at this size. A
 * step fails after `timeout` with its locator in the message, well before the test's own
 * timeout; `theme` is the one the person chose before (absent: the app's own default).
 * `reducedMotion` (the default): the person asked for less motion, so dialogs, menus and
 * toasts come and go without the animations a click would otherwise wait out, and spinners
 * stand still (web/styles.css honours it); false shows the app's motion.
 *
 * `serviceWorker: false`: the context's pages register no service worker. Its install fetches
 * and stores the whole built app, about a second of processor time per context, which a
 * test of screens used online never looks at (decision 023). Keep it (the default) for a
 * context that goes offline, reloads or updates the app, or whose subject the worker is.
 * `storageState`: the cookies and storage of another context (the same person's second
 * device, already signed in).
 */
export async function newAppContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  {
    timeout = 15_000,
    theme,
    reducedMotion = true,
    serviceWorker = true,
    storageState,
  }: {
    timeout?: number
    theme?: 'light' | 'dark'
    reducedMotion?: boolean
    serviceWorker?: boolean
    storageState?: BrowserContextOptions['storageState']
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport,
    baseURL,
    locale: 'nl-NL',
    reducedMotion: reducedMotion ? 'reduce' : 'no-preference',
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    storageState,
  })
  context.setDefaultTimeout(timeout)
  if (theme) await context.addInitScript((value) => localStorage.setItem('theme', value), theme)
  return context
}

/** A page in a new context of newAppContext. */
export async function newAppPage(...args: Parameters<typeof newAppContext>): Promise<Page> {
  return (await newAppContext(...args)).newPage()
}

/** The toast with this title. */
function toastWithTitle(page: Page, title: string) {
  return page
    .getByRole('region', { name: /Meldingen/ })
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) })
}

/** Waits for the visible toast with this title and returns its whole text. */
export async function waitForToast(page: Page, title: string): Promise<string> {
  const toast = toastWithTitle(page, title)
  await toast.waitFor({ state: 'visible' })
  // Title and description are sibling elements; join them the way a reader hears them.
  return (await toast.locator('div > div').allTextContents()).join(' ')
}

/**
 * Closes the toast with this title by its close button and waits until it is gone: what a
 * person does whose next click is under it (a click would otherwise wait out its 5 s).
 */
export async function closeToast(page: Page, title: string) {
  const toast = toastWithTitle(page, title)
  await toast.getByRole('button', { name: 'Sluiten' }).click()
  await toast.waitFor({ state: 'detached' })
}

/**
 * Whether the page is wider than the viewport (sideways scrolling), once it settled: after
 * a change of viewport, parts that size themselves by a ResizeObserver (the charts) render
 * again a frame or two later, as a person sees them; measured before, the old width
 * showed as an overflow. A real overflow stays.
 */
export async function hasHorizontalOverflow(page: Page): Promise<boolean> {
  const isWider = () =>
    page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth)
  for (let look = 0; look < 10 && (await isWider()); look++) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
  }
  return isWider()
}

/**
 * Waits until the signed-in shell is on screen (the logout button is in its header); a
 * step that reloads into another organisation may give it longer (`timeout`, ms).
 */
export async function waitForShell(page: Page, timeout?: number) {
  await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).waitFor({ timeout })
}

/**
 * Signs the context in through the API, as the login screen does (central) or the sales
 * login (sales): for a test whose subject is not the sign-in, whose pages then open signed in.
 */
export async function signIn(
  context: BrowserContext,
  account: { email: string; password: string },
  area: 'central' | 'sales' = 'central',
) {
  const path = area === 'central' ? '/api/auth/login/email' : '/api/gold-estates/auth/login'
  const answer = await context.request.post(path, { data: account })
  if (answer.status() !== 200) {
    throw new Error(`sign-in of ${account.email}: ${answer.status()} ${await answer.text()}`)
  }
}

/** Signs the page's context in through the API and opens `path` in the signed-in shell. */
export async function openSignedIn(
  page: Page,
  account: { email: string; password: string },
  path = '/',
) {
  await signIn(page.context(), account)
  await page.goto(path)
  await waitForShell(page)
}

/**
 * Logs out through the header's button and waits for the landing page. A logout asks
 * (window.confirm) only when unsent work would be lost; Playwright would dismiss that
 * silently and leave the test waiting, so a question fails at once, naming what it listed.
 */
export async function logOutHere(page: Page) {
  let onDialog: ((dialog: Dialog) => void) | undefined
  const asked = new Promise<never>((_, reject) => {
    onDialog = (dialog) => {
      reject(new Error(`The logout asked before deleting unsent work:\n${dialog.message()}`))
      void dialog.dismiss()
    }
    page.on('dialog', onDialog)
  })
  asked.catch(() => undefined) // raced below; a question during the click is not unhandled
  try {
    await page.getByRole('banner').getByRole('button', { name: 'Uitloggen' }).click()
    // Logout deletes the local database before it leaves: on a loaded machine that took
    // more than 15 s once in a whole-suite run (decision 012, Consequences).
    await Promise.race([page.waitForURL((url) => url.pathname === '/', { timeout: 40_000 }), asked])
  } finally {
    if (onDialog) page.off('dialog', onDialog)
  }
}

/** Fills the login form on the page with e-mail and password and sends it. */
export async function submitLogin(page: Page, account: { email: string; password: string }) {
  await page.getByLabel('Email').fill(account.email)
  await page.getByLabel('Password', { exact: true }).fill(account.password)
  await page.getByRole('button', { name: 'Log In' }).click()
}

/** Fills the registration form on the page (the password typed twice) and sends it. */
export async function submitRegistration(
  page: Page,
  person: { name: string; email: string; password: string },
) {
  await page.getByLabel('Naam').fill(person.name)
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Wachtwoord', { exact: true }).fill(person.password)
  await page.getByLabel('Bevestig wachtwoord').fill(person.password)
  await page.getByRole('button', { name: 'Registreren' }).click()
}

/** Signs in on the login page with e-mail and password, and waits for the signed-in shell. */
export async function signInOnPage(page: Page, account: { email: string; password: string }) {
  await page.goto('/login')
  await submitLogin(page, account)
  await waitForShell(page)
}

/**
 * Saves a download in a temporary directory and returns its path. Through the connection
 * to the shared Chromium the browser's own copy has no local path: saveAs streams it here.
 */
export async function saveDownload(download: Download): Promise<string> {
  const file = path.join(
    mkdtempSync(path.join(tmpdir(), 'centraal-download-')),
    download.suggestedFilename(),
  )
  await download.saveAs(file)
  return file
}

/**
 * Matches a collection's pulls after its first page (a checkpoint past 0), for a route that
 * holds a first fill part way. (A glob cannot: Playwright's has no character classes.)
 */
export function laterPulls(collection: string) {
  return (url: URL) =>
    url.pathname === `/api/sync/v1/${collection}/pull` && url.searchParams.get('checkpoint') !== '0'
}
