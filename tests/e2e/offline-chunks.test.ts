import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'
import { waitForServiceWorker } from './app-helpers.ts'
import { setUpBrowserFile } from './browser-file.ts'
import { newAppContext, openSignedIn, PHONE, signIn, waitForShell } from './page-helpers.ts'

// The areas and their screens load on demand, and the service worker precaches every
// part: a phone that only ever opened Centraal while online still opens Gold Estates, and
// a screen it never opened, without a connection.

const file = setUpBrowserFile()

/** A phone signed in as root, noting every request for a script whose URL matches. */
async function signInWatching(script: RegExp) {
  const context = await newAppContext(file.browser, file.server.url, PHONE)
  const page = await context.newPage()
  const requested: string[] = []
  page.on('request', (request) => {
    if (script.test(request.url())) requested.push(request.url())
  })
  await openSignedIn(page, file.root)
  return { context, page, requested }
}

test('a Gold Estates screen opens offline on a device that only visited Centraal online', async () => {
  const { context, page, requested: salesCode } = await signInWatching(/\/assets\/sales-routes-/)
  await page.goto('/apps')
  await page.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await waitForServiceWorker(page)
  // The page itself never asked for the Gold Estates code while online.
  expect(salesCode).toEqual([])

  await context.setOffline(true)
  await page.goto('/gold-estates/login')
  await page.getByRole('heading', { name: 'Sales Management Portal' }).waitFor()
  // It came from the service worker's precache.
  expect(salesCode.length).toBeGreaterThan(0)
  await context.close()
})

test('a Centraal screen never opened online (Gebruikers) opens offline from the precache', async () => {
  const { context, page, requested: usersCode } = await signInWatching(/\/assets\/users-page-/)
  await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
  await waitForServiceWorker(page)
  // Only the Dashboard was shown: the Gebruikers screen's code was not asked for.
  expect(usersCode).toEqual([])

  await context.setOffline(true)
  await page.goto('/users')
  await page.getByRole('heading', { level: 1, name: 'Gebruikers' }).waitFor()
  expect(usersCode.length).toBeGreaterThan(0)
  await context.close()
})

test('a page whose document was on its way while the service worker took over is taken over too, and opens a screen offline', async () => {
  const context = await newAppContext(file.browser, file.server.url, PHONE)
  await signIn(context, file.root)
  // The late page asks for its document before there is any service worker, and gets it
  // only once the first version has activated and taken over the pages open then.
  const late = await context.newPage()
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let asked = () => {}
  const documentAsked = new Promise<void>((resolve) => {
    asked = resolve
  })
  await late.route(
    (url) => url.pathname === '/apps',
    async (route) => {
      asked()
      await released
      await route.continue()
    },
  )
  // Held until the first page has signed in and its service worker took over (after its
  // first screen): on a loaded machine that is more than the 15 s a navigation is given.
  const lateLoaded = late.goto('/apps', { timeout: 60_000 })
  await documentAsked

  const first = await context.newPage()
  await first.goto('/')
  await waitForShell(first)
  await waitForServiceWorker(first)
  release()
  await lateLoaded
  await late.getByRole('heading', { level: 1, name: 'Apps' }).waitFor()
  await late.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 10_000,
  })

  // Taken over, it opens a screen whose code it never loaded without a connection.
  await context.setOffline(true)
  await late.getByRole('link', { name: 'Users' }).click()
  await late.getByRole('heading', { level: 1, name: 'Gebruikers' }).waitFor()
  await context.close()
})

test("neither area's code brings the other's along: the real build's chunks", () => {
  type Chunk = { file: string; name?: string; imports?: string[] }
  const manifest = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../dist/web/.vite/manifest.json'), 'utf8'),
  ) as Record<string, Chunk>
  const keyOf = (name: string) => Object.keys(manifest).find((key) => manifest[key]?.name === name)
  /** The chunks a chunk imports, at once or through others (not those it loads on demand). */
  const loadedWith = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen
    seen.add(key)
    for (const next of manifest[key]?.imports ?? []) loadedWith(next, seen)
    return seen
  }
  const central = keyOf('signed-in-routes')
  const sales = keyOf('sales-routes')
  expect(central && sales).toBeTruthy()
  expect(loadedWith(central ?? '').has(sales ?? '')).toBe(false)
  expect(loadedWith(sales ?? '').has(central ?? '')).toBe(false)
})
