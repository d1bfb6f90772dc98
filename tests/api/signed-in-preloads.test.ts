import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { createClient } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// A page asked with a session cookie names its signed-in area's code, so that the code
// loads with the page instead of after the session answer. A built app in miniature: the
// page, its entry with a shared chunk, and each area's module with its own imports, keyed
// as the build's chunk groups key them (by chunk, the module's name beside; decision 024).
// tests/e2e/first-screen checks the same on the real build.

let server: TestServer
let webRoot: string
/** Live sessions' cookies: a page looks its session up (decision 044), a cookie alone is no one. */
let centralCookie: string
let salesCookie: string

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'centraal-web-'))
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><html lang="nl"><head><title>Centraal</title></head><body></body></html>',
  )
  mkdirSync(path.join(webRoot, '.vite'))
  writeFileSync(
    path.join(webRoot, '.vite', 'manifest.json'),
    JSON.stringify({
      'index.html': { file: 'assets/index-A.js', isEntry: true, imports: ['_shared-S.js'] },
      '_shared-S.js': { file: 'assets/shared-S.js' },
      '_dashboard-D.js': { file: 'assets/dashboard-D.js', imports: ['_shared-S.js'] },
      '_signed-in-routes-C.js': {
        file: 'assets/signed-in-routes-C.js',
        name: 'signed-in-routes',
        imports: ['_shared-S.js', '_dashboard-D.js'],
      },
      '_sales-routes-E.js': {
        file: 'assets/sales-routes-E.js',
        name: 'sales-routes',
        imports: ['_shared-S.js'],
      },
    }),
  )
  server = await startTestServer({}, { webRoot })
  const root = await signInFirstSuperadminWithGoldEstates(server)
  centralCookie = `centraal_session=${root.cookies.get('centraal_session')}`
  salesCookie = `gold_estates_session=${root.cookies.get('gold_estates_session')}`
})
afterAll(async () => {
  await server?.close()
  rmSync(webRoot, { recursive: true, force: true })
})

const preloadsIn = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((match) => match[1])

test('without a session cookie the page names no signed-in code (the landing page stays small)', async () => {
  const page = await createClient(server.url).get('/')
  expect(page.status).toBe(200)
  expect(preloadsIn(page.text)).toEqual([])
  expect(page.headers.get('vary')).toMatch(/cookie/i)
})

test('with a session cookie the page names its area’s code, not what the entry loads anyway', async () => {
  const client = createClient(server.url)
  const central = await client.get('/users', { cookie: centralCookie })
  expect(preloadsIn(central.text)).toEqual([
    '/assets/signed-in-routes-C.js',
    '/assets/dashboard-D.js',
  ])
  const sales = await client.get('/gold-estates/dashboard', {
    cookie: salesCookie,
  })
  expect(preloadsIn(sales.text)).toEqual(['/assets/sales-routes-E.js'])
  // Another area's cookie is no reason: the Gold Estates page without its own session.
  const other = await client.get('/gold-estates/dashboard', { cookie: centralCookie })
  expect(preloadsIn(other.text)).toEqual([])
  // Nor is a cookie whose session does not exist (ended, or made up).
  const madeUp = await client.get('/users', { cookie: 'centraal_session=whatever' })
  expect(preloadsIn(madeUp.text)).toEqual([])
})

const answersIn = (html: string) =>
  [
    ...html.matchAll(
      /<link rel="preload" as="fetch" href="([^"]+)" crossorigin="use-credentials">/g,
    ),
  ].map((match) => match[1]?.replaceAll('&amp;', '&'))

test('with a session cookie the page names its first answers: the session, on a dashboard its figures', async () => {
  const client = createClient(server.url)
  const central = { cookie: centralCookie }
  expect(answersIn((await client.get('/', central)).text)).toEqual([
    '/api/auth/user',
    '/api/stats',
    '/api/activities',
  ])
  expect(answersIn((await client.get('/users', central)).text)).toEqual(['/api/auth/user'])
  const sales = { cookie: salesCookie }
  const dashboard = [
    '/api/gold-estates/auth/user',
    '/api/gold-estates/commissions/dashboard?salesListLimit=1&upcomingLimit=5',
  ]
  expect(answersIn((await client.get('/gold-estates/dashboard', sales)).text)).toEqual(dashboard)
  expect(answersIn((await client.get('/gold-estates/', sales)).text)).toEqual(dashboard)
  expect(answersIn((await client.get('/gold-estates/sales', sales)).text)).toEqual([
    '/api/gold-estates/auth/user',
  ])
  // Signed out, nothing is asked ahead (the landing page; a sales page without its session).
  expect(answersIn((await client.get('/')).text)).toEqual([])
  expect(answersIn((await client.get('/gold-estates/dashboard', central)).text)).toEqual([])
})

test('the named answers are fixed addresses: nothing of the asked path reaches the page', async () => {
  const client = createClient(server.url)
  const page = await client.get('/gold-estates/%22%3E%3Cscript%3Ealert(1)%3C/script%3E', {
    cookie: salesCookie,
  })
  expect(page.status).toBe(200)
  expect(page.text).not.toContain('alert(')
  expect(answersIn(page.text)).toEqual(['/api/gold-estates/auth/user'])
})

test('the service worker’s copy (/index.html) names no one’s code or answers, whatever cookie asks', async () => {
  const client = createClient(server.url)
  for (const cookie of [centralCookie, salesCookie, `${centralCookie}; ${salesCookie}`]) {
    const copy = await client.get('/index.html', { cookie })
    expect(copy.status).toBe(200)
    expect(preloadsIn(copy.text)).toEqual([])
    expect(answersIn(copy.text)).toEqual([])
    // Nor does it look anyone up: it is the same page for everyone.
    expect(copy.headers.get('vary') ?? '').not.toMatch(/cookie/i)
  }
  // The page it stands in for still names them.
  expect(preloadsIn((await client.get('/users', { cookie: centralCookie })).text)).not.toEqual([])
})
