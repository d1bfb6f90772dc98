import { DASHBOARD_UPCOMING_LIMIT } from './dashboard-stats.ts'

// What a signed-in page names ahead in its <head> (decision 012): its area's code and its
// first answers, so the browser asks them while the app's own entry loads. Written by the
// server into the page it sends, and by the service worker into its copy of the page
// (decision 041): both from here, so a page reads the same from either.

/** The two signed-in areas, each with its own session and code. */
export type SignedInArea = 'central' | 'sales'

/** The sales area's path prefix on the central host ({base} in docs/behaviour.md). */
export const SALES_PREFIX = '/gold-estates'

/** The attribute the server marks a page of the sales host with (docs/architecture.md, Hosts). */
export const SALES_HOST_MARK = '<html data-area="sales" '

/**
 * The chunk of each signed-in area's lazily loaded module (web/app/app.tsx), by its name in
 * Vite's manifest. Not by the module's path: the build's chunk groups (decision 024) key it
 * as a chunk (`_sales-routes-….js`), not by its source, while its name stays the module's.
 */
const AREA_CHUNKS: Record<SignedInArea, string> = {
  central: 'signed-in-routes',
  sales: 'sales-routes',
}

type ManifestChunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean }
/** Vite's build manifest (dist/web/.vite/manifest.json). */
export type BuildManifest = Record<string, ManifestChunk>

/** Each area's code, as paths: its module and every chunk it imports, less the entry's own. */
export type AreaCode = Record<SignedInArea, string[]>

/**
 * Each signed-in area's code from the build's manifest. The page's own entry and what it
 * imports are left out (already on their way). An area whose chunk the build lacks names
 * nothing (said once in the log; tests/e2e/first-screen.test.ts checks the real build).
 */
export function readAreaCode(manifest: BuildManifest): AreaCode {
  const loadedFirst = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry)
      .flatMap(([key]) => [...withImports(manifest, key)]),
  )
  const codeOf = (area: SignedInArea) =>
    [...withImports(manifest, chunkNamed(manifest, AREA_CHUNKS[area]))]
      .filter((key) => !loadedFirst.has(key))
      .map((key) => `/${manifest[key]?.file}`)
  return { central: codeOf('central'), sales: codeOf('sales') }
}

/** The manifest key of the one chunk of that name. */
function chunkNamed(manifest: BuildManifest, name: string): string | undefined {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name)
  if (keys.length === 1) return keys[0]
  console.warn(`The build's manifest has ${keys.length} chunks named ${name}: no preloads`)
  return undefined
}

/** A chunk and every chunk it imports statically, by manifest key. */
function withImports(
  manifest: BuildManifest,
  key: string | undefined,
  found = new Set<string>(),
): Set<string> {
  if (key === undefined || found.has(key) || !manifest[key]) return found
  found.add(key)
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, found)
  return found
}

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

/** The signed-in area a page's path opens: the sales area on its host or under its prefix. */
export function areaOfPage(pagePath: string, isSalesHost: boolean): SignedInArea {
  const isSalesPath = pagePath === SALES_PREFIX || pagePath.startsWith(`${SALES_PREFIX}/`)
  return isSalesHost || isSalesPath ? 'sales' : 'central'
}

/**
 * The tags a page of `area` names ahead: `<link rel="modulepreload">` for the area's code,
 * and `<link rel="preload" as="fetch">` for its first answers, which the app's own request
 * then takes instead of asking again (decision 012). `pagePath` as the page was asked: '/'
 * is Centraal's dashboard; the sales area's dashboard is its start or /dashboard (under
 * `salesBase`). Fixed addresses only: nothing of the path reaches the page.
 */
export function pageHints(
  area: SignedInArea,
  pagePath: string,
  salesBase: string,
  code: string[],
): string {
  const page = pagePath.replace(/\/+$/, '') || '/'
  const isDashboard =
    area === 'central'
      ? page === '/'
      : page === (salesBase || '/') || page === `${salesBase}/dashboard`
  const { session, dashboard } = FIRST_ANSWERS[area]
  const answers = [...session, ...(isDashboard ? dashboard : [])].map(
    (url) =>
      `<link rel="preload" as="fetch" href="${url.replaceAll('&', '&amp;')}" crossorigin="use-credentials">`,
  )
  const modules = code.map((file) => `<link rel="modulepreload" href="${file}">`)
  return [...answers, ...modules].join('')
}
