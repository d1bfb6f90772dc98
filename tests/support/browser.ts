import { type Browser, chromium } from 'playwright-core'

/**
 * The system Chromium (docs/architecture.md: /usr/bin/chromium, or CHROMIUM_PATH), started without
 * the background traffic that would make tests slow or flaky in a sandbox.
 */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-quic',
      '--no-first-run',
    ],
  })
}
