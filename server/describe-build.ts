import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { type BuildInfo, formatBuildDate } from '../schema/build-info.ts'

const ROOT = fileURLToPath(new URL('..', import.meta.url))

/** The commit the source is at, short; null outside a git checkout (a copied tree). */
function readCommit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return null
  }
}

/**
 * The build being made now (BuildInfo): package.json's version, the commit, today. The
 * Vite configurations put it in the web app and the server; the server run from
 * TypeScript (`npm run dev`) describes itself with it when it starts.
 */
export function describeBuild(at = new Date()): BuildInfo {
  const { version } = JSON.parse(readFileSync(`${ROOT}/package.json`, 'utf8')) as {
    version: string
  }
  const commit = readCommit()
  return { version: commit ? `${version}+${commit}` : version, date: formatBuildDate(at) }
}
