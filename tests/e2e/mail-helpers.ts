import type { Browser } from 'playwright-core'
import type { SmtpReceiver } from '../support/mail-server.ts'
import type { TestServer } from '../support/test-server.ts'
import { newAppPage } from './page-helpers.ts'

/** Closes what a mail test opened, the browser first; what never started is passed over. */
export async function closeMailTest(opened: {
  browser?: Browser
  server?: TestServer
  receiver?: SmtpReceiver
}) {
  await opened.browser?.close()
  await opened.server?.close()
  await opened.receiver?.stop()
}

/** A page of the app without a service worker, as a link opened from a mail gets. */
export function openMailTestPage(
  browser: Browser,
  server: TestServer,
  viewport: { width: number; height: number },
  timeout = 8000,
) {
  return newAppPage(browser, server.url, viewport, { timeout, serviceWorker: false })
}
