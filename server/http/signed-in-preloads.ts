import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { type AreaCode, type BuildManifest, readAreaCode } from '#schema/page-hints'

/**
 * Each signed-in area's code for the page's `<link rel="modulepreload">` tags
 * (schema/page-hints.ts), read once from the build's manifest (dist/web/.vite/manifest.json).
 * Without them a signed-in first visit loads that code only after its session answer names
 * someone (web/lib/first-answers.ts): one round trip, then a chain of imports, before the
 * first figures can show. Nothing without a manifest (`npm run dev`).
 */
export function createAreaCodeReader(webRoot: string) {
  let code: AreaCode | undefined
  return (): AreaCode => {
    code ??= readManifestCode(path.join(webRoot, '.vite', 'manifest.json'))
    return code
  }
}

function readManifestCode(manifestFile: string): AreaCode {
  if (!existsSync(manifestFile)) return { central: [], sales: [] }
  return readAreaCode(JSON.parse(readFileSync(manifestFile, 'utf8')) as BuildManifest)
}
