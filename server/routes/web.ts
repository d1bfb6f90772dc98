import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { AppEnv } from '../context.ts'

/**
 * Serves the built web app from dist/web: files as they are (hashed assets cached for a
 * year), and index.html for every other GET so that the client router decides.
 */
export function webRoutes(webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html')
  const relativeRoot = path.relative(process.cwd(), webRoot) || '.'
  return new Hono<AppEnv>()
    .use(
      '/assets/*',
      serveStatic({
        root: relativeRoot,
        onFound: (_path, c) => c.header('Cache-Control', 'public, max-age=31536000, immutable'),
      }),
    )
    .use(
      '*',
      serveStatic({
        root: relativeRoot,
        onFound: (_path, c) => c.header('Cache-Control', 'no-cache'),
      }),
    )
    .get('*', (c) => {
      if (!existsSync(indexFile)) {
        return c.text('The web app is not built yet: run npm run build (npm start does this).', 503)
      }
      c.header('Cache-Control', 'no-cache')
      return c.html(readFileSync(indexFile, 'utf8'))
    })
}
