import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'
import { isSalesHost } from '../http/sales-base.ts'

/**
 * Serves the built web app from dist/web: files as they are, or their brotli or gzip copy
 * made at build when the browser accepts it (hashed assets cached for a year), and index.html for every other GET so that the client router decides. On the
 * sales host the page is marked `data-area="sales"`, so one build serves both hosts; the
 * service worker precaches the page of its own host.
 */
export function webRoutes(webRoot: string, salesHost: string) {
  const indexFile = path.join(webRoot, 'index.html')
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.'
  const servePage = (c: Context<AppEnv>) => {
    if (!existsSync(indexFile)) {
      return c.text('The web app is not built yet: run npm run build (npm start does this).', 503)
    }
    const html = readFileSync(indexFile, 'utf8')
    c.header('Cache-Control', 'no-cache')
    return c.html(
      isSalesHost(c, salesHost) ? html.replace('<html ', '<html data-area="sales" ') : html,
    )
  }
  return new Hono<AppEnv>()
    .get('/', servePage)
    .get('/index.html', servePage)
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
    .get('*', servePage)
}
