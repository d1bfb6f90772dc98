import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { buildServiceWorker } from '../sw/build.ts'

/** Builds the web app into dist/web with the project's vite.config.ts, then its service worker. */
export async function buildWebApp() {
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  })
  await buildServiceWorker()
}
