import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildServiceWorker } from '../sw/build.ts'
import { precompressWebApp } from './precompress-web-app.ts'
import { writeLandingPage } from './write-landing-page.ts'

const WEB_ROOT = fileURLToPath(new URL('../dist/web', import.meta.url))

/**
 * Builds the web app into dist/web with the project's vite.config.ts, then the landing
 * page built ahead, its service worker, and the brotli and gzip copies the server sends.
 */
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
    await writeLandingPage(WEB_ROOT)
    await buildServiceWorker()
    return await precompressWebApp(WEB_ROOT)
  } finally {
    if (callerNodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = callerNodeEnv
  }
}

// `npm run build` runs this file.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { files, before, after } = await buildWebApp()
  const kib = (bytes: number) => `${Math.round(bytes / 1024)} KiB`
  console.log(`web app: ${files} files compressed, ${kib(before)} → ${kib(after)} (brotli)`)
}
