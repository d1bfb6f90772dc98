import { appendFileSync, cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { startTestServer } from '../support/test-server.ts'

// A copy of the built app that a test may change: it publishes "new versions" of its own,
// which the app in the browser then finds, as it would after a deploy.

/** A test server on a fresh copy of dist/web at dist/<name>; remove it with removeBuildCopy. */
export async function startServerOnBuildCopy(name: string) {
  const webRoot = path.resolve('dist', name)
  rmSync(webRoot, { recursive: true, force: true })
  cpSync(path.resolve('dist/web'), webRoot, { recursive: true })
  return { server: await startTestServer({}, { webRoot }), webRoot }
}

/** Removes a copy startServerOnBuildCopy made. */
export function removeBuildCopy(webRoot: string) {
  rmSync(webRoot, { recursive: true, force: true })
}

/** Publishes a new version in the copy: its service worker's script changes (`mark` ends it). */
export function publishNewVersion(webRoot: string, mark = 'a new version') {
  const serviceWorker = path.join(webRoot, 'service-worker.js')
  appendFileSync(serviceWorker, `\n// ${mark}\n`)
  // A new build writes its compressed copies anew; without them the server compresses it.
  for (const copy of ['.br', '.gz']) rmSync(`${serviceWorker}${copy}`, { force: true })
}
