import type { Browser } from 'playwright-core'
import { afterAll, beforeAll } from 'vitest'
import { signInNewOrganisation } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import type { TestServer } from '../support/test-server.ts'
import { useSharedServer } from './shared-server.ts'

/** What a browser file works with: its server, its browser and its own organisation. */
export type BrowserFile = Awaited<ReturnType<typeof signInNewOrganisation>> & {
  server: TestServer
  browser: Browser
}

/**
 * A browser file's usual set-up: this worker's shared server, a connection of the file's own
 * to the run's Chromium, and a new organisation whose SUPERADMIN is signed in through the API
 * (signInNewOrganisation). Call it at the top of the file: it registers the file's first
 * beforeAll, which fills the fields, and an afterAll that closes the connection and with it
 * the contexts the file opened. Read the fields in hooks and tests, not at the top level.
 */
export function setUpBrowserFile(): BrowserFile {
  const file = {} as BrowserFile
  beforeAll(async () => {
    const server = await useSharedServer()
    const browser = await connectBrowser()
    Object.assign(file, { server, browser }, await signInNewOrganisation(server))
  })
  afterAll(async () => {
    await file.browser?.close()
  })
  return file
}
