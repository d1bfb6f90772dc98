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

/**
 * The run's shared Chromium (started by the browser project's global setup), through a
 * connection of this file's own: closing it closes the contexts this file opened and leaves
 * Chromium running for the next file.
 */
export function connectBrowser(): Promise<Browser> {
  return chromium.connect(inject('chromiumEndpoint'))
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
