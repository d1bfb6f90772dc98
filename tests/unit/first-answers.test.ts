import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { SYNC_ACCOUNT_HEADER } from '#sync/account'
import { getSignedInAccount, setSignedInAccount } from '#sync/client/signed-in-account'
import {
  centralDashboard,
  centralUser,
  salesDashboard,
  startFirstAnswers,
} from '#web/lib/first-answers.ts'

// What the app asks before its first render (decision 012), against a scripted server:
// the opened area's session, then a dashboard's figures with the account named; the first
// screen takes those answers once, and every later ask is a request of its own.

const requests: { path: string; account: string | null }[] = []
let signedIn = true

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const centralPerson = { id: 'u-1', organizationId: 'org-a', name: 'Anna' }
const salesPerson = { id: 's-1', organizationId: 'org-a', name: 'Sam' }

beforeEach(() => {
  requests.length = 0
  signedIn = true
  setSignedInAccount('central', null)
  setSignedInAccount('sales', null)
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const path = new URL(url, 'http://localhost').pathname
    requests.push({ path, account: new Headers(init.headers).get(SYNC_ACCOUNT_HEADER) })
    if (path.endsWith('/auth/user')) {
      if (!signedIn) return json(401, { error: 'Niet ingelogd' })
      return json(200, path.startsWith('/api/gold-estates/') ? salesPerson : centralPerson)
    }
    if (path === '/api/activities') return json(200, [])
    return json(200, { figures: path })
  })
})

afterEach(() => vi.unstubAllGlobals())

const paths = () => requests.map((request) => request.path)

test('the Dashboard: the session, then its figures named for that person, each taken once', async () => {
  expect(await startFirstAnswers('/')).toBe(true)
  await vi.waitFor(() => expect(paths()).toContain('/api/activities'))
  expect(paths()).toEqual(['/api/auth/user', '/api/stats', '/api/activities'])
  expect(getSignedInAccount('central')).toBe('org-a/u-1')
  expect(requests[1]?.account).toBe('org-a/u-1')

  expect(await centralUser.ask()).toEqual(centralPerson)
  expect((await centralDashboard.ask())[0]).toEqual({ figures: '/api/stats' })
  expect(requests).toHaveLength(3)
  // Taken: a refetch (window focus, another visit) asks the server again.
  await centralUser.ask()
  expect(paths().slice(3)).toEqual(['/api/auth/user'])
})

test('another screen gets the session only; signed out, nothing more is asked', async () => {
  expect(await startFirstAnswers('/users')).toBe(true)
  expect(paths()).toEqual(['/api/auth/user'])
  await centralUser.ask()

  signedIn = false
  requests.length = 0
  expect(await startFirstAnswers('/')).toBe(false)
  expect(paths()).toEqual(['/api/auth/user'])
  await expect(centralUser.ask()).rejects.toMatchObject({ status: 401 })
  expect(requests).toHaveLength(1)
})

test('the sales dashboard: the sales session, then its figures; Centraal is not asked', async () => {
  expect(await startFirstAnswers('/gold-estates/dashboard/')).toBe(false)
  await vi.waitFor(() => expect(requests).toHaveLength(2))
  expect(paths()).toEqual([
    '/api/gold-estates/auth/user',
    '/api/gold-estates/commissions/dashboard',
  ])
  expect(requests[1]?.account).toBe('org-a/s-1')
  expect(await salesDashboard.ask()).toEqual({ figures: '/api/gold-estates/commissions/dashboard' })
  expect(requests).toHaveLength(2)
})

test('an answer no screen took within ten seconds is not used', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  try {
    await startFirstAnswers('/users')
    vi.setSystemTime(Date.now() + 11_000)
    await centralUser.ask()
    expect(paths()).toEqual(['/api/auth/user', '/api/auth/user'])
  } finally {
    vi.useRealTimers()
  }
})

test('an answer asked early is there for the first render once it arrived, and still taken once', async () => {
  expect(centralDashboard.arrived()).toBeUndefined()
  await startFirstAnswers('/')
  await vi.waitFor(() => expect(centralDashboard.arrived()).toBeDefined())
  expect(centralDashboard.arrived()?.[0]).toEqual({ figures: '/api/stats' })
  // Looking does not take it: the screen's own ask gets the same answer, without a request.
  expect((await centralDashboard.ask())[0]).toEqual({ figures: '/api/stats' })
  expect(requests).toHaveLength(3)
  expect(centralDashboard.arrived()).toBeUndefined()
})

test('a refused early answer is not there for the first render', async () => {
  signedIn = false
  await startFirstAnswers('/users')
  await vi.waitFor(() => expect(requests).toHaveLength(1))
  await Promise.resolve()
  expect(centralUser.arrived()).toBeUndefined()
  await expect(centralUser.ask()).rejects.toMatchObject({ status: 401 })
})
