import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildServiceWorker } from '../sw/build.ts'

/** Builds the web app into dist/web with the project's vite.config.ts, then its service worker. */
export async function buildWebApp() {
  // Always a production bundle, also when the caller runs with NODE_ENV=test (vitest's
  // globalSetup): Vite derives import.meta.env.PROD, which registers the service worker,
  // and React's production build from NODE_ENV.
  const callerNodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      logLevel: 'warn',
    })
    await buildServiceWorker()
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callerNodeEnv
  }
}
