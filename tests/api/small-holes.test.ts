import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { strFromU8, unzipSync } from 'fflate'
import type { InferResponseType } from 'hono/client'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ROOT, signIn, signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { downloadBackup } from '../support/api-backup.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import { startServerWithWebRoot } from '../support/api-web-root.ts'
import { type Client, createClient } from '../support/http.ts'
import { FORMULA_CELL, readSpreadsheetLine } from '../support/spreadsheet-line.ts'
import type { TestServer } from '../support/test-server.ts'
import type { ErrorAnswer, TypedApi } from '../support/typed-client.ts'

// What an outsider, a stranger who registers, a seller or another organisation could do
// with a few small openings: a usage report from the future, a logout from another site's
// link, one kind of session token sent in the other kind's cookie, the build's own files,
// a CSV cell split by a spreadsheet of another locale.

type Apps = TypedApi['app-connections']
let server: TestServer
let root: Client

beforeAll(async () => {
  server = await startServerWithWebRoot()
  root = await signInFirstSuperadminWithGoldEstates(server)
})
afterAll(() => server?.close())

/** A fresh client of the root account with both sessions (Centraal and Gold Estates). */
async function signInBoth() {
  const client = await signIn(server, ROOT)
  expect((await client.post('/api/admin/launch-gold-estates')).status).toBe(200)
  return client
}

/** Asks with only the given cookies whether each kind of session is still live. */
async function liveSessions(tokens: { central?: string; sales?: string }) {
  const ask = (url: string, cookie: string) =>
    createClient(server.url)
      .get(url, { cookie })
      .then((answer) => answer.status)
  return {
    central: await ask('/api/auth/user', `centraal_session=${tokens.central}`),
    sales: await ask('/api/gold-estates/auth/user', `gold_estates_session=${tokens.sales}`),
  }
}

describe('usage reports dated in the future', () => {
  let report: (body: unknown) => ReturnType<Client['post']>
  let usage: () => Promise<InferResponseType<Apps[':id']['usage']['$get'], 200>>

  beforeAll(async () => {
    const app: InferResponseType<Apps['$post'], 201> = (
      await root.post('/api/app-connections', { name: 'Webshop', url: 'https://shop.example.com' })
    ).json
    const appId = app.id
    const key: InferResponseType<Apps[':id']['api-key']['$post'], 201> = (
      await root.post(`/api/app-connections/${appId}/api-key`)
    ).json
    const apiKey = key.apiKey
    report = (body) =>
      createClient(server.url).post('/api/usage', body, { authorization: `Bearer ${apiKey}` })
    usage = async () => (await root.get(`/api/app-connections/${appId}/usage?days=366`)).json
  })

  test('a report dated 9999-12-31 is refused with 400 naming the date, and not counted', async () => {
    const answer = await report({ metric: 'api_calls', value: 1000, date: '9999-12-31' })
    expect(answer.status).toBe(400)
    const refusal: ErrorAnswer = answer.json
    expect(refusal.message).toBe('Datum 9999-12-31 ligt meer dan een dag in de toekomst')
    expect(refusal.errors).toEqual([{ path: 'date', message: refusal.message }])
    expect((await usage()).totals.api_calls ?? 0).toBe(0)
  })

  test("tomorrow (the server's) is taken, the day after is refused", async () => {
    const tomorrow = format(addDays(new Date(), 1), 'yyyy-MM-dd')
    const later = format(addDays(new Date(), 2), 'yyyy-MM-dd')
    expect((await report({ metric: 'api_calls', value: 1, date: tomorrow })).status).toBe(201)
    const refused = await report({ metric: 'api_calls', value: 5, date: later })
    expect(refused.status).toBe(400)
    expect((refused.json as ErrorAnswer).message).toContain(later)
    expect((await usage()).totals.api_calls).toBe(1)
  })
})

describe('logout', () => {
  test('GET /api/logout is a page that asks, and ends no session', async () => {
    const client = await signInBoth()
    const tokens = {
      central: client.cookies.get('centraal_session'),
      sales: client.cookies.get('gold_estates_session'),
    }
    const page = await client.get('/api/logout')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.text).toContain('Wil je uitloggen?')
    expect(page.text).toMatch(/<form method="post" action="\/api\/logout"/)
    expect(page.text).toContain('<button type="submit"')
    expect(page.headers.get('set-cookie')).toBeNull()
    expect(await liveSessions(tokens)).toEqual({ central: 200, sales: 200 })
  })

  test("another site's link or form ends nothing", async () => {
    const client = await signInBoth()
    const tokens = {
      central: client.cookies.get('centraal_session'),
      sales: client.cookies.get('gold_estates_session'),
    }
    const form = { 'content-type': 'application/x-www-form-urlencoded' }
    const foreign = await client.post('/api/logout', '', {
      ...form,
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    })
    expectRefusal(foreign, 403, 'Verzoek van een andere herkomst geweigerd')
    expect((await client.get('/api/logout?next=/')).status).toBe(200)
    expect(await liveSessions(tokens)).toEqual({ central: 200, sales: 200 })
  })

  test("the page's button (a same-origin form post) ends both sessions and opens /", async () => {
    const client = await signInBoth()
    const tokens = {
      central: client.cookies.get('centraal_session'),
      sales: client.cookies.get('gold_estates_session'),
    }
    const confirmed = await client.post('/api/logout', '', {
      'content-type': 'application/x-www-form-urlencoded',
      origin: server.url,
      'sec-fetch-site': 'same-origin',
    })
    expect(confirmed.status).toBe(303)
    expect(confirmed.headers.get('location')).toBe('/')
    expect(await liveSessions(tokens)).toEqual({ central: 401, sales: 401 })
  })
})

describe('a session token counts only in the cookie of its own kind', () => {
  test('a central token sent as the sales cookie is refused and ends nothing', async () => {
    const client = await signInBoth()
    const tokens = {
      central: client.cookies.get('centraal_session'),
      sales: client.cookies.get('gold_estates_session'),
    }
    const asSales = { cookie: `gold_estates_session=${tokens.central}` }
    const other = createClient(server.url)
    expect((await other.get('/api/gold-estates/auth/user', asSales)).status).toBe(401)
    expect((await other.get('/api/gold-estates/projects', asSales)).status).toBe(401)
    expect((await other.post('/api/gold-estates/auth/logout', undefined, asSales)).status).toBe(200)
    expect((await other.post('/api/logout', undefined, asSales)).status).toBe(200)
    expect(await liveSessions(tokens)).toEqual({ central: 200, sales: 200 })
  })

  test('a sales token sent as the central cookie is refused and ends nothing', async () => {
    const client = await signInBoth()
    const tokens = {
      central: client.cookies.get('centraal_session'),
      sales: client.cookies.get('gold_estates_session'),
    }
    const asCentral = { cookie: `centraal_session=${tokens.sales}` }
    const other = createClient(server.url)
    expect((await other.get('/api/auth/user', asCentral)).status).toBe(401)
    expect((await other.get('/api/users', asCentral)).status).toBe(401)
    expect((await other.post('/api/logout', undefined, asCentral)).status).toBe(200)
    expect(await liveSessions(tokens)).toEqual({ central: 200, sales: 200 })
  })
})

describe('only what a browser needs is served from the build', () => {
  test.each([
    '/.vite/manifest.json',
    '/%2Evite/manifest.json',
    '/.vite/',
    '/assets/main-abc.js.map',
    '/assets/main-abc.js%2Emap',
    '/assets/main-abc.js.br',
    '/..%2Fserver.js',
    '/assets/..%2F..%2Fserver.js',
    '/server.js',
  ])('%s is 404', async (url) => {
    const answer = await createClient(server.url).get(url)
    expect(answer.status).toBe(404)
    expect(answer.text).not.toContain('sources')
    expect(answer.text).not.toContain('secret')
    expect(answer.text).not.toContain('main.tsx')
  })

  test('the pages, scripts, styles and web manifest are served', async () => {
    for (const url of [
      '/',
      '/index.html',
      '/users',
      '/assets/main-abc.js',
      '/assets/index-abc.css',
      '/theme.js',
      '/manifest.webmanifest',
    ]) {
      expect([url, (await createClient(server.url).get(url)).status]).toEqual([url, 200])
    }
  })
})

test("a registered stranger's name cannot become a formula in a ';' spreadsheet reading the CSV backup", async () => {
  await createClient(server.url).post('/api/auth/register/email', {
    name: "Jan;=cmd|' /C calc'!A0",
    email: 'jan@example.com',
    password: 'long enough 1',
  })
  const response = await downloadBackup(server, root, 'csv')
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
  const users = strFromU8(files['users.csv'] as Uint8Array)
  expect(users).toContain(`"Jan;=cmd|' /C calc'!A0"`)
  const cells = users.split('\r\n').flatMap((line) => readSpreadsheetLine(line, ';'))
  expect(cells.filter((cell) => FORMULA_CELL.test(cell))).toEqual([])
})
