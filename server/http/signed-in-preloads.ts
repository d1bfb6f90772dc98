import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/** The two signed-in areas, each with its own session and code. */
export type SignedInArea = 'central' | 'sales'

/**
 * The chunk of each signed-in area's lazily loaded module (web/app/app.tsx), by its name in
 * Vite's manifest. Not by the module's path: the build's chunk groups (decision 024) key it
 * as a chunk (`_sales-routes-….js`), not by its source, while its name stays the module's.
 */
const AREA_CHUNKS: Record<SignedInArea, string> = {
  central: 'signed-in-routes',
  sales: 'sales-routes',
}

type ManifestChunk = { file: string; name?: string; imports?: string[]; isEntry?: boolean }
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
    [...withImports(manifest, chunkNamed(manifest, AREA_CHUNKS[area]))]
      .filter((key) => !loadedFirst.has(key))
      .map((key) => `<link rel="modulepreload" href="/${manifest[key]?.file}">`)
      .join('')
  return { central: tagsOf('central'), sales: tagsOf('sales') }
}

/**
 * The manifest key of the one chunk of that name. A build without it still serves its
 * pages, without the hint (said once in the log; tests/e2e/first-screen.test.ts checks the
 * real build).
 */
function chunkNamed(manifest: Manifest, name: string): string | undefined {
  const keys = Object.keys(manifest).filter((key) => manifest[key]?.name === name)
  if (keys.length === 1) return keys[0]
  console.warn(`The build's manifest has ${keys.length} chunks named ${name}: no preloads`)
  return undefined
}

/** A chunk and every chunk it imports statically, by manifest key. */
function withImports(
  manifest: Manifest,
  key: string | undefined,
  found = new Set<string>(),
): Set<string> {
  if (key === undefined || found.has(key) || !manifest[key]) return found
  found.add(key)
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, found)
  return found
}
