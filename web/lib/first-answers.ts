// Not from constants.ts or sales-dashboard.ts: this module is in the landing page's first
// load, and those would bring the version history or date-fns along.
import { DASHBOARD_UPCOMING_LIMIT } from '#schema/dashboard-stats'
import { setSignedInUser } from '#sync/client/signed-in-account'
import { api } from './api-client.ts'
import { requireNoPendingLogout } from './offline-queue/pending-logout.ts'
import { IS_SALES_HOST, SALES_BASE, salesPath } from './sales-path.ts'

/** How long an answer asked before the first render waits for its screen to take it. */
const FRESH_MS = 10_000

/**
 * A GET the first screen needs, which main.tsx may ask for while the app's code is still
 * loading (decision 012): the first `ask` within FRESH_MS takes that answer, every other
 * `ask` is a request of its own. `arrived` gives that answer's value, not taking it, once it
 * is there, so that a screen can show it in its first render. The functions keep their
 * identity.
 */
function askEarly<T>(request: () => Promise<T>) {
  let early: { answer: Promise<T>; at: number; arrived?: { value: T } } | undefined
  const isFresh = (taken: typeof early): taken is NonNullable<typeof early> =>
    taken !== undefined && Date.now() - taken.at < FRESH_MS
  return {
    start(): Promise<T> {
      const answer = request()
      const started = { answer, at: Date.now() } as NonNullable<typeof early>
      answer.then(
        (value) => {
          started.arrived = { value }
        },
        () => undefined, // whoever takes it handles a refusal
      )
      early = started
      return answer
    },
    ask(): Promise<T> {
      const taken = early
      early = undefined
      return isFresh(taken) ? taken.answer : request()
    },
    arrived(): T | undefined {
      return isFresh(early) ? early.arrived?.value : undefined
    },
  }
}

/** GET /api/auth/user: who is signed in to Centraal (nobody while its logout waits). */
export const centralUser = askEarly(async () => {
  await requireNoPendingLogout('central')
  return (await api.auth.user.$get()).json()
})

/** GET /api/gold-estates/auth/user: who is signed in to the sales area (nobody while its logout waits). */
export const salesUser = askEarly(async () => {
  await requireNoPendingLogout('sales')
  return (await api['gold-estates'].auth.user.$get()).json()
})

/** GET /api/stats and /api/activities: the Dashboard's figures and feed, from the server. */
export const centralDashboard = askEarly(() =>
  Promise.all([
    api.stats.$get().then((response) => response.json()),
    api.activities.$get().then((response) => response.json()),
  ]),
)

/** GET …/commissions/dashboard: the sales dashboard's totals, from the server. */
export const salesDashboard = askEarly(async () => {
  const query = { salesListLimit: '1', upcomingLimit: String(DASHBOARD_UPCOMING_LIMIT) }
  return (await api['gold-estates'].commissions.dashboard.$get({ query })).json()
})

/**
 * Asks what the opened address shows first, before React renders anything: the session of
 * its area and, once it names someone and the address is a dashboard, that dashboard's
 * figures. Otherwise each would wait for its screen's code and first render. Answers
 * whether a Centraal session was found (false in the sales area or when signed out).
 */
export function startFirstAnswers(pathname: string): Promise<boolean> {
  const path = pathname.replace(/\/+$/, '') || '/'
  const isSalesArea = isSalesAreaPath(path)
  // A refused session (401: signed out) is the screen's to handle; nothing more is asked.
  // A found one names its person at once, as the session layer will (useSessionQuery), so
  // the dashboard's request carries the account header like every other call.
  if (isSalesArea) {
    const isDashboard = path === (SALES_BASE || '/') || path === salesPath('/dashboard')
    salesUser.start().then((user) => {
      setSignedInUser('sales', user)
      if (isDashboard) salesDashboard.start()
    }, ignore)
    return Promise.resolve(false)
  }
  return centralUser.start().then((user) => {
    setSignedInUser('central', user)
    if (path === '/') centralDashboard.start()
    return true
  }, isSignedOut)
}

/** Whether an opened address is the sales area's (its own app, session and code). */
export function isSalesAreaPath(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/'
  return IS_SALES_HOST || path === SALES_BASE || path.startsWith(`${SALES_BASE}/`)
}

function ignore() {}

function isSignedOut() {
  return false
}
