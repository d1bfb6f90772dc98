import { DASHBOARD_UPCOMING_LIMIT } from '#schema/dashboard-stats'
import type { SignedInArea } from './signed-in-preloads.ts'

/**
 * The GETs the app asks before its first render (web/lib/first-answers.ts), address for
 * address as its calls make them: the area's session and, on a dashboard, its figures.
 */
const FIRST_ANSWERS = {
  central: { session: ['/api/auth/user'], dashboard: ['/api/stats', '/api/activities'] },
  sales: {
    session: ['/api/gold-estates/auth/user'],
    dashboard: [
      `/api/gold-estates/commissions/dashboard?salesListLimit=1&upcomingLimit=${DASHBOARD_UPCOMING_LIMIT}`,
    ],
  },
} satisfies Record<SignedInArea, { session: string[]; dashboard: string[] }>

/**
 * `<link rel="preload" as="fetch">` tags for the first answers of a page asked with a session
 * cookie, so that the browser asks them while the app's code loads; the app's own request
 * then takes the preloaded answer instead of asking again (decision 012). Without them the
 * session is asked only once that code has run, and the figures only after its answer.
 * `area` and `pagePath` as the page was asked: '/' is Centraal's dashboard; the sales
 * area's dashboard is its start or /dashboard (under `salesBase`).
 */
export function firstAnswerPreloads(area: SignedInArea, pagePath: string, salesBase: string) {
  const page = pagePath.replace(/\/+$/, '') || '/'
  const isDashboard =
    area === 'central'
      ? page === '/'
      : page === (salesBase || '/') || page === `${salesBase}/dashboard`
  const { session, dashboard } = FIRST_ANSWERS[area]
  return [...session, ...(isDashboard ? dashboard : [])]
    .map(
      (url) =>
        `<link rel="preload" as="fetch" href="${url.replaceAll('&', '&amp;')}" crossorigin="use-credentials">`,
    )
    .join('')
}
