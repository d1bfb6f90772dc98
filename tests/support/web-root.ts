import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * The built web app's layout in a temporary folder: files a browser needs, and files it
 * must never get (the Vite manifest, a source map, the server's own code one folder up).
 * Returns the web folder; its parent folder is the one to remove.
 */
export function writeWebRoot() {
  const folder = mkdtempSync(path.join(tmpdir(), 'centraal-web-'))
  const web = path.join(folder, 'web')
  mkdirSync(path.join(web, '.vite'), { recursive: true })
  mkdirSync(path.join(web, 'assets'))
  writeFileSync(
    path.join(web, 'index.html'),
    '<html><head><link rel="stylesheet" crossorigin href="/assets/index-abc.css"></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(path.join(web, '.vite', 'manifest.json'), '{"main.tsx":{"file":"assets/main.js"}}')
  writeFileSync(path.join(web, 'assets', 'main-abc.js'), 'console.log(1)')
  writeFileSync(path.join(web, 'assets', 'main-abc.js.map'), '{"sources":["../../web/main.tsx"]}')
  writeFileSync(path.join(web, 'assets', 'main-abc.js.br'), 'brotli')
  writeFileSync(path.join(web, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(path.join(web, 'theme.js'), '')
  writeFileSync(path.join(web, 'manifest.webmanifest'), '{}')
  writeFileSync(path.join(folder, 'server.js'), 'const secret = 1')
  return web
}
