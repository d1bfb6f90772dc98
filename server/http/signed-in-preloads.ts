import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The two signed-in areas, each with its own session and code. */
export type SignedInArea = 'central' | 'sales'

/** The lazily loaded module of each signed-in area (web/app/app.tsx), as Vite's manifest names it. */
const AREA_MODULES: Record<SignedInArea, string> = {
  central: 'app/signed-in-routes.tsx',
  sales: 'app/sales-routes.tsx',
}

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean }
type Manifest = Record<string, ManifestChunk>

/**
 * `<link rel="modulepreload">` tags for a signed-in area's code, read once from the build's
 * manifest (dist/web/.vite/manifest.json). Without them a signed-in first visit loads that
 * code only after its session answer names someone (web/lib/first-answers.ts): one round
 * trip, then a chain of imports, before the first figures can show. The page's own entry
 * and what it imports are left out (already on their way). Empty without a manifest
 * (`npm run dev`).
 */
export function createSignedInPreloads(webRoot: string) {
  let tags: Record<SignedInArea, string> | undefined
  return (area: SignedInArea): string => {
    tags ??= readPreloadTags(path.join(webRoot, '.vite', 'manifest.json'))
    return tags[area]
  }
}

function readPreloadTags(manifestFile: string): Record<SignedInArea, string> {
  if (!existsSync(manifestFile)) return { central: '', sales: '' }
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest
  const loadedFirst = new Set(
    Object.entries(manifest)
      .filter(([, chunk]) => chunk.isEntry)
      .flatMap(([key]) => [...withImports(manifest, key)]),
  )
  const tagsOf = (area: SignedInArea) =>
    [...withImports(manifest, AREA_MODULES[area])]
      .filter((key) => !loadedFirst.has(key))
      .map((key) => `<link rel="modulepreload" href="/${manifest[key]?.file}">`)
      .join('')
  return { central: tagsOf('central'), sales: tagsOf('sales') }
}

/** A chunk and every chunk it imports statically, by manifest key. */
function withImports(manifest: Manifest, key: string, found = new Set<string>()): Set<string> {
  if (found.has(key) || !manifest[key]) return found
  found.add(key)
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, found)
  return found
}
