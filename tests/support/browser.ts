import { existsSync } from 'node:fs'
import { type Browser, type BrowserContext, type BrowserServer, chromium } from 'playwright-core'
import { inject } from 'vitest'

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

/**
 * The browser tests' Chromium: Debian's `chromium-headless-shell` where it is installed
 * (`.ci/run` installs it), else the system Chromium. The shell is the same Blink and V8
 * without the full browser's windowing and UI: in the same browser files it took 15–18 %
 * less processor time (its own process 30 s instead of 58 s), and the browser tests are
 * bound by the processor on two cores. The measurements (benches) keep the full Chromium,
 * which is what a person runs.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const testExecutablePath =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : executablePath)

/** Without the background traffic that would make tests slow or flaky in a sandbox. */
const QUIET = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
]

/** The connections of connectBrowser still open in this worker. */
const connected = new Set<Browser>()

/**
 * The run's shared Chromium (started by the browser project's global setup), through a
 * connection of this file's own: closing it closes the contexts this file opened and leaves
 * Chromium running for the next file.
 */
export async function connectBrowser(): Promise<Browser> {
  const browser = await chromium.connect(inject('chromiumEndpoint'))
  connected.add(browser)
  browser.on('disconnected', () => connected.delete(browser))
  return browser
}

/** How long describeOpenPages waits on one page before it names it without its text. */
const DESCRIBE_TIMEOUT_MS = 3000
/** The last console warnings and errors, and page errors, describeOpenPages shows. */
const MESSAGES_SHOWN = 8

/**
 * What every page of this worker's open connections shows: its address, the names of the
 * dialogs on it, the start of its visible text, and its last console warnings and errors
 * (a toast has gone by the time a step times out; what the app logged has not). Printed when a browser test fails
 * (tests/e2e/describe-pages-on-failure.ts), so a failure in CI, where nobody sees the
 * screen, says what was on it.
 */
export async function describeOpenPages(): Promise<string> {
  const pages = [...connected].flatMap((browser) =>
    browser.contexts().flatMap((context) => context.pages()),
  )
  const described = await Promise.all(
    pages.map(async (page, index) => {
      const read = Promise.all([
        page.locator('[role=dialog], [role=alertdialog]').evaluateAll((dialogs) =>
          dialogs.map((dialog) => {
            const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '')
            return title?.textContent ?? dialog.getAttribute('aria-label') ?? '(no name)'
          }),
        ),
        // biome-ignore lint/performance/useDomNodeTextContent: Playwright's, the text shown
        page.locator('body').innerText(),
        page.consoleMessages(),
        page.pageErrors(),
      ])
      const timeout = new Promise<null>((resolve) => setTimeout(resolve, DESCRIBE_TIMEOUT_MS, null))
      const found = await Promise.race([read, timeout]).catch(() => null)
      const [dialogs, text, messages, errors] = found ?? [
        [],
        '(its text could not be read)',
        [],
        [],
      ]
      const warnings = messages
        .filter((message) => message.type() === 'warning' || message.type() === 'error')
        .slice(-MESSAGES_SHOWN)
        .map((message) => `console ${message.type()}: ${message.text().slice(0, 200)}`)
      return [
        `page ${index + 1} of ${pages.length}: ${page.url()}`,
        `dialogs: ${dialogs.length === 0 ? 'none' : dialogs.join(' | ')}`,
        text.replace(/\s+/g, ' ').slice(0, 600),
        ...warnings,
        ...errors.slice(-MESSAGES_SHOWN).map((error) => `page error: ${error.message}`),
      ].join('\n')
    }),
  )
  return described.join('\n\n')
}

/**
 * The browser tests' Chromium for the whole run, for connectBrowser. Its pages prefer reduced
 * motion (a context may ask otherwise): dialogs, toasts and menus come and go without
 * animations to wait out, and a spinner stands still instead of painting every frame.
 */
export function launchBrowserServer(): Promise<BrowserServer> {
  return chromium.launchServer({
    executablePath: testExecutablePath,
    args: [...QUIET, '--force-prefers-reduced-motion'],
  })
}

/**
 * The system Chromium (docs/architecture.md: /usr/bin/chromium, or CHROMIUM_PATH). Its contexts are
 * incognito: IndexedDB lives in memory, slower than on disk but gone with the context.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath, args: QUIET })
}

/**
 * The system Chromium with a profile in `directory`, as a person's browser keeps it:
 * IndexedDB on disk. For measurements of what a phone does.
 */
export function launchProfile(
  directory: string,
  options: { viewport?: { width: number; height: number }; args?: string[] } = {},
): Promise<BrowserContext> {
  const { args = [], ...rest } = options
  return chromium.launchPersistentContext(directory, {
    executablePath,
    args: [...QUIET, ...args],
    ...rest,
  })
}
