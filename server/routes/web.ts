import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { areaOfPage, pageHints, SALES_HOST_MARK } from '#schema/page-hints'
import type { AppEnv } from '../app-deps.ts'
import { readSessionToken, refreshSessionCookies } from '../auth/sessions.ts'
import { isSalesHost, SALES_PREFIX } from '../http/sales-base.ts'
import { createAreaCodeReader } from '../http/signed-in-preloads.ts'
import { readLiveSession } from '../system-directory/session-lifetime.ts'
import type { SystemDirectory } from '../system-directory/system-directory.ts'

/**
 * What a browser loads from dist/web: pages, scripts, styles, icons, the web manifest. Not
 * served: Vite's manifest (dist/web/.vite, read by the server alone), the source maps (kept
 * on disk for profiling), the brotli and gzip copies by their own names (they are sent in
 * place of their file), and any other file a build may leave there.
 */
const BROWSER_FILE = /\.(html|js|css|svg|png|ico|webmanifest|woff2)$/
const HIDDEN_SEGMENT = /(^|\/)\./

/**
 * What a path may be answered with: 'page' (the app's page, which routes on the client),
 * 'file' (a browser file of dist/web, 404 when missing), or null (404: a hidden segment,
 * a file no browser needs, a path that does not decode).
 */
function classifyPath(requested: string): 'page' | 'file' | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(requested)
  } catch {
    return null
  }
  if (HIDDEN_SEGMENT.test(decoded)) return null
  if (!/\.[^/]*$/.test(decoded)) return 'page'
  return BROWSER_FILE.test(decoded) ? 'file' : null
}

/**
 * Serves the built web app from dist/web: files as they are, or their brotli or gzip copy
 * made at build when the browser accepts it (hashed assets cached for a year), and index.html for every other GET so that the client router decides. On the
 * sales host the page is marked `data-area="sales"`, so one build serves both hosts; the
 * service worker precaches the page of its own host.
 */
export function webRoutes(webRoot: string, { salesHost, directory }: WebRouteDeps) {
  const indexFile = path.join(webRoot, 'index.html')
  const landingFile = path.join(webRoot, 'landing.html')
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.'
  const areaCode = createAreaCodeReader(webRoot)
  /** Whether the page's area has a live session (its cookies refreshed as on every call). */
  const isSignedIn = async (c: Context<AppEnv>, area: 'central' | 'sales') => {
    const token = readSessionToken(c, area)
    const session = token ? await readLiveSession(directory, token, area) : null
    if (token && session) {
      const { expire, data, isRenewed } = session
      refreshSessionCookies(c, area, {
        token,
        expire,
        organisationId: data.organisationId,
        isRenewed,
      })
    }
    return session !== null
  }
  const readPage = (c: Context<AppEnv>, file: string) => {
    const html = readFileSync(file, 'utf8')
    return isSalesHost(c, salesHost) ? html.replace('<html ', SALES_HOST_MARK) : html
  }
  const servePage = async (c: Context<AppEnv>) => {
    if (!existsSync(indexFile)) return notBuilt(c)
    const isSales = isSalesHost(c, salesHost)
    const { path: requested } = c.req
    const area = areaOfPage(requested, isSales)
    const hasSession = await isSignedIn(c, area)
    // Without a live session / is the landing page: built ahead, it shows before any of
    // the app's code runs (decision 014). A cookie whose session ended stays (decision 044),
    // so it is the session that is looked up, not the cookie's presence.
    const isLanding = requested === '/' && area === 'central' && !hasSession
    let html = readPage(c, isLanding && existsSync(landingFile) ? landingFile : indexFile)
    // Someone with a session cookie will most likely see a signed-in screen: its code and
    // its first answers start loading with the page instead of after the session answer
    // (hints; nothing is trusted).
    if (hasSession) {
      const hints = pageHints(area, requested, isSales ? '' : SALES_PREFIX, areaCode()[area])
      html = html.replace('</head>', `${hints}</head>`)
    }
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Cookie')
    return c.html(html)
  }
  /**
   * /index.html is the service worker's copy of the page (sw/service-worker.ts): as built,
   * whoever asks. It serves every page of both areas from that copy and names each page's
   * hints itself; hints the copy kept would name the area of whoever was signed in when
   * it was stored, for every page of both.
   */
  const serveShell = (c: Context<AppEnv>) => {
    if (!existsSync(indexFile)) return notBuilt(c)
    c.header('Cache-Control', 'no-cache')
    return c.html(readPage(c, indexFile))
  }
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      if (!classifyPath(c.req.path)) return notFound(c)
      await next()
    })
    .get('/', servePage)
    .get('/index.html', serveShell)
    .use(
      '/assets/*',
      serveStatic({
        root: relativeRoot,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .use(
      '*',
      serveStatic({
        root: relativeRoot,
        precompressed: true,
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    )
    .get('*', (c) => (classifyPath(c.req.path) === 'page' ? servePage(c) : notFound(c)))
}

type WebRouteDeps = { salesHost: string; directory: SystemDirectory }

const notFound = (c: Context<AppEnv>) => c.text('Niet gevonden', 404)

const notBuilt = (c: Context<AppEnv>) =>
  c.text('The web app is not built yet: run npm run build (npm start does this).', 503)
