import { fileURLToPath } from 'node:url'
import { build } from 'vite'

/** Builds the web app into dist/web with the project's vite.config.ts. */
export async function buildWebApp() {
  await build({
    configFile: fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
    logLevel: 'warn',
  })
}
