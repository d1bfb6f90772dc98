import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { injectManifest } from 'workbox-build'
import { type BuildManifest, readAreaCode } from '../schema/page-hints.ts'

// Builds dist/web/service-worker.js after the web app is in dist/web: bundles
// sw/service-worker.ts with Vite (one classic script, no imports left) with each area's
// code from the build's manifest, then lets workbox-build put the list of built files and
// their revisions into it.

const root = fileURLToPath(new URL('..', import.meta.url))
const webRoot = path.join(root, 'dist/web')

/** Bundles and injects the precache manifest; returns what was precached. */
export async function buildServiceWorker() {
  const bundleDir = mkdtempSync(path.join(tmpdir(), 'centraal-sw-'))
  const manifestFile = path.join(webRoot, '.vite/manifest.json')
  const areaCode = readAreaCode(JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
  try {
    await build({
      configFile: false,
      root,
      logLevel: 'warn',
      // Workbox strips its development logging when NODE_ENV is production.
      define: {
        'process.env.NODE_ENV': JSON.stringify('production'),
        __AREA_CODE__: JSON.stringify(areaCode),
      },
      build: {
        outDir: bundleDir,
        emptyOutDir: true,
        minify: true,
        sourcemap: false,
        copyPublicDir: false,
        lib: {
          entry: path.join(root, 'sw/service-worker.ts'),
          formats: ['iife'],
          name: 'centraalServiceWorker',
          fileName: () => 'service-worker.js',
        },
      },
    })
    const result = await injectManifest({
      swSrc: path.join(bundleDir, 'service-worker.js'),
      swDest: path.join(webRoot, 'service-worker.js'),
      globDirectory: webRoot,
      globPatterns: ['**/*.{html,js,css,svg,png,ico,webmanifest,woff2}'],
      globIgnores: ['service-worker.js', '**/*.map'],
      // Vite puts a content hash in these names: the URL itself is the revision.
      dontCacheBustURLsMatching: /^assets\//,
      // The app bundle (React, RxDB) is large; it must be precached whole to open offline.
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
    })
    for (const warning of result.warnings) console.warn(`service worker: ${warning}`)
    return { count: result.count, size: result.size }
  } finally {
    rmSync(bundleDir, { recursive: true, force: true })
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { count, size } = await buildServiceWorker()
  console.log(`service worker: ${count} files precached (${Math.round(size / 1024)} KiB)`)
}
