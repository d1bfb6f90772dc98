import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { connectBrowser } from '../support/browser.ts'
import { type SmtpReceiver, startServerWithMail } from '../support/mail-server.ts'
import type { ReceivedMail, startSmtpReceiver } from '../support/smtp-receiver.ts'
import type { TestServer } from '../support/test-server.ts'
import { DESKTOP, hasHorizontalOverflow, newAppPage, PHONE, screenshot } from './page-helpers.ts'

type Viewport = { width: number; height: number }

/** What a mail file works with: a server that mails to a receiver on loopback, the browser. */
export type MailFile = {
  receiver: SmtpReceiver
  server: TestServer
  browser: Browser
  /** A page of the app without a service worker, as a link opened from a mail gets. */
  openPage: (viewport: Viewport) => Promise<Page>
}

/**
 * A mail file's usual set-up: a real SMTP server on loopback (`receiver` options: the
 * addresses it refuses), a server of the file's own that mails to it (startServerWithMail)
 * and a connection to the run's Chromium. Call it at the top of the file: it registers the
 * file's first beforeAll, which fills the fields, and an afterAll that closes all three.
 * `pageTimeout` is the steps' timeout on the pages of `openPage`.
 */
export function setUpMailFile({
  receiver,
  pageTimeout,
}: {
  receiver?: Parameters<typeof startSmtpReceiver>[0]
  pageTimeout?: number
} = {}): MailFile {
  const file = {
    openPage: (viewport) => openMailTestPage(file.browser, file.server, viewport, pageTimeout),
  } as MailFile
  beforeAll(async () => {
    Object.assign(file, await startServerWithMail({}, receiver))
    file.browser = await connectBrowser()
  })
  afterAll(() => closeMailTest(file))
  return file
}

/** Closes what a mail test opened, the browser first; what never started is passed over. */
async function closeMailTest(opened: Partial<MailFile>) {
  await opened.browser?.close()
  await opened.server?.close()
  await opened.receiver?.stop()
}

/** A page of the app without a service worker, as a link opened from a mail gets. */
export function openMailTestPage(
  browser: Browser,
  server: TestServer,
  viewport: Viewport,
  timeout = 8000,
) {
  return newAppPage(browser, server.url, viewport, { timeout, serviceWorker: false })
}

/**
 * The link of `mail`'s text whose path ends in `/<kind>/<token>` (setup, reset-password,
 * confirm-email), which must open on the server under `base` (its URL and a path).
 */
export function tokenLinkIn(mail: ReceivedMail, kind: string, base: string): string {
  const pattern = new RegExp(`http://\\S+/${kind}/[a-z2-7]+`)
  const link = mail.parsed.text?.match(pattern)?.[0] as string
  expect(link.startsWith(`${base}/${kind}/`)).toBe(true)
  return link
}

/**
 * The mail as a mail client shows it, on a phone and on a desktop: its `links` are there,
 * it never scrolls sideways, and a screenshot `name` of each.
 */
export async function expectMailFits(
  file: MailFile,
  mail: ReceivedMail,
  links: string[],
  name: string,
) {
  for (const viewport of [PHONE, DESKTOP]) {
    const view = await file.openPage(viewport)
    await view.setContent(mail.parsed.html as string)
    for (const link of links) await view.getByRole('link', { name: link }).waitFor()
    expect(await hasHorizontalOverflow(view)).toBe(false)
    await screenshot(view, name)
    await view.context().close()
  }
}
