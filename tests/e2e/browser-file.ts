import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, expect } from 'vitest'
import { signInNewOrganisation, signInSeller } from '../support/accounts.ts'
import { connectBrowser } from '../support/browser.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'
import { newAppContext, newAppPage, signIn } from './page-helpers.ts'
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

/** What a file with a server of its own works with: the server, the browser, its pages. */
export type OwnServerFile = {
  server: TestServer
  browser: Browser
  /** A page for screens used online: no service worker to install (decision 023). */
  openPage: (viewport: { width: number; height: number }) => Promise<Page>
}

/**
 * A browser file with a server of its own (startTestServer with `settings`) and a connection
 * to the run's Chromium: registered as setUpBrowserFile registers its hooks, both closed after
 * the file (closing the browser closes every context its tests opened). A step on a page of
 * `openPage` fails after `pageTimeout`, with its locator in the message, well before the
 * test's own timeout.
 */
export function setUpOwnServerFile({
  settings = {},
  pageTimeout = 8000,
}: {
  settings?: Record<string, string>
  pageTimeout?: number
} = {}): OwnServerFile {
  const file = {
    openPage: (viewport) =>
      newAppPage(file.browser, file.server.url, viewport, {
        timeout: pageTimeout,
        serviceWorker: false,
      }),
  } as OwnServerFile
  beforeAll(async () => {
    file.server = await startTestServer(settings)
    file.browser = await connectBrowser()
  })
  afterAll(async () => {
    await file.browser?.close()
    await file.server?.close()
  })
  return file
}

/**
 * A page of a new context of the file's browser (newAppContext with `options`), signed in
 * through the API (signIn) as `account`, the file's SUPERADMIN unless given, in `area`.
 */
export async function newSignedInPage(
  file: BrowserFile,
  viewport: { width: number; height: number },
  {
    account = file.root,
    area = 'central',
    ...options
  }: Parameters<typeof newAppContext>[3] & {
    account?: { email: string; password: string }
    area?: 'central' | 'sales'
  } = {},
): Promise<Page> {
  const context = await newAppContext(file.browser, file.server.url, viewport, options)
  await signIn(context, account, area)
  return context.newPage()
}

/**
 * The file's organisation launches Gold Estates (200 expected) with a project (`project`, by
 * default Havenkwartier) and sellers: Anna Jansen, at the organisation's address, signed in
 * as a SELLER with the password signInSeller gives her, and (unless `bram` is false) Bram
 * de Vries without an address; each with `role` when one is given.
 */
export async function launchGoldEstatesTeam(
  file: BrowserFile,
  {
    project = 'Havenkwartier',
    role,
    bram = true,
  }: { project?: string; role?: string; bram?: boolean } = {},
) {
  const { api, server } = file
  expect((await api.post('/api/admin/launch-gold-estates')).status).toBe(200)
  const created = (await api.post('/api/gold-estates/projects', { name: project })).json as {
    id: string
    name: string
  }
  const email = file.email('anna')
  const sellers: { id: string; name: string }[] = []
  const addSeller = async (name: string, address: string | null) => {
    sellers.push((await api.post('/api/gold-estates/sellers', { name, email: address, role })).json)
  }
  await addSeller('Anna Jansen', email)
  if (bram) await addSeller('Bram de Vries', null)
  const anna = { ...sellers[0]!, email, password: `${email} password` }
  const annaApi = await signInSeller(server, api, { id: anna.id, email, role: 'SELLER' })
  return { project: created, sellers, anna, annaApi }
}

/** The Gold Estates team launchGoldEstatesTeam made: the project, the sellers, Anna signed in. */
export type GoldEstatesTeam = Awaited<ReturnType<typeof launchGoldEstatesTeam>>
