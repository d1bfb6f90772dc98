// Where a Chromium CPU profile (DevTools protocol Profiler.stop) spent its time: self time
// per function and per script, for the decision records; with the web build's source maps,
// also per source module (the minified names say little).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { SourceMapConsumer } from 'source-map-js'

type ProfileNode = {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }
  children?: number[]
}
type Profile = { nodes: ProfileNode[]; samples?: number[]; timeDeltas?: number[] }

const TOP = 20

function addTo(totals: Map<string, number>, key: string, microseconds: number) {
  totals.set(key, (totals.get(key) ?? 0) + microseconds)
}

function format(totals: Map<string, number>, all: number) {
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(
      ([key, microseconds]) =>
        `      ${(microseconds / 1000).toFixed(0).padStart(6)} ms ${((100 * microseconds) / all).toFixed(1).padStart(5)} %  ${key}`,
    )
    .join('\n')
}

/**
 * The source module (and line) a built script's position came from, by the build's hidden
 * source maps in `assetsDir`; null without one.
 */
function createSourceLookup(assetsDir: string | undefined) {
  const consumers = new Map<string, SourceMapConsumer | null>()
  return (script: string, line: number, column: number) => {
    if (!assetsDir || !script.startsWith('/assets/')) return null
    const file = path.join(assetsDir, `${path.basename(script)}.map`)
    if (!consumers.has(file)) {
      consumers.set(
        file,
        existsSync(file) ? new SourceMapConsumer(JSON.parse(readFileSync(file, 'utf8'))) : null,
      )
    }
    const found = consumers.get(file)?.originalPositionFor({ line: line + 1, column })
    if (!found?.source) return null
    const isApp = !found.source.includes('node_modules')
    const source = found.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '')
    return { source, isApp, at: `${source}:${found.line}${found.name ? ` ${found.name}` : ''}` }
  }
}

/**
 * The profile's self time, by function and by script (the origin left out of URLs); by
 * source module and source function too when `assetsDir` holds the build's source maps.
 */
export function summariseProfile(profile: Profile, origin: string, assetsDir?: string) {
  const lookUp = createSourceLookup(assetsDir)
  const bySource = new Map<string, number>()
  const byAppFunction = new Map<string, number>()
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id)
  }
  // The product's own functions on a sample's stack, each once: where its time went in
  // the code that asked for it (a component, a hook, a query).
  const appFunctionsOf = (leaf: number) => {
    const names = new Set<string>()
    for (let id: number | undefined = leaf; id !== undefined; id = parentOf.get(id)) {
      const frame = byId.get(id)?.callFrame
      if (!frame) continue
      const found = lookUp(frame.url.replace(origin, ''), frame.lineNumber, frame.columnNumber ?? 0)
      if (found?.isApp) names.add(found.at)
    }
    return names
  }
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const byFunction = new Map<string, number>()
  const byScript = new Map<string, number>()
  const samples = profile.samples ?? []
  const deltas = profile.timeDeltas ?? []
  let all = 0
  for (let index = 0; index < samples.length; index++) {
    const node = byId.get(samples[index] ?? -1)
    // A sample's time is the gap to the next one.
    const microseconds = deltas[index + 1] ?? 0
    if (!node) continue
    const { functionName, url, lineNumber, columnNumber = 0 } = node.callFrame
    if (functionName === '(idle)') continue
    all += microseconds
    const script = url.replace(origin, '') || functionName
    const source = lookUp(script, lineNumber, columnNumber)
    addTo(bySource, source?.source ?? script, microseconds)
    for (const name of appFunctionsOf(node.id)) addTo(byAppFunction, name, microseconds)
    addTo(byFunction, `${functionName || '(anonymous)'} ${script}:${lineNumber + 1}`, microseconds)
    addTo(byScript, script, microseconds)
  }
  return [
    `    busy ${(all / 1000).toFixed(0)} ms; by function (self):`,
    format(byFunction, all),
    '    by script (self):',
    format(byScript, all),
    ...(bySource.size > 0 && byAppFunction.size > 0
      ? [
          '    by source module (self):',
          format(bySource, all),
          "    by the product's own function (total, with what it called):",
          format(byAppFunction, all),
        ]
      : []),
  ].join('\n')
}
