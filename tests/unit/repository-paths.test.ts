import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Every repository path that the docs and the code's comments name exists, so a reader who
// opens one finds it. A path is what starts with one of the repository's top-level folders
// and ends in a file extension or '/': `server/app.ts`, `web/sales/wizard/`,
// `tests/api/sales.test.ts`. Prose such as "web/server" (no extension, no slash) and
// placeholders (`server/routes/<area>.ts` is checked as `server/routes/`) are left alone.
// What a run writes and git ignores (`tests/screenshots/`) counts as there.
// Decision records (docs/decisions/) and their measurements (docs/measurements/) too: a
// record names the files as they are, and a file that moves takes its records' mentions
// with it.

const ROOT = path.resolve(import.meta.dirname, '../..')
const TOP_FOLDERS = ['docs', 'schema', 'scripts', 'server', 'sw', 'sync', 'tests', 'web']
const CODE_FOLDERS = ['schema', 'server', 'sync', 'web', 'sw', 'scripts', 'tests']
const CODE_FILE = /\.(ts|tsx|mts|mjs|js|css)$/
// Not after a word, '#' (an import alias), '@', '.' or '/' (a URL, a longer path).
const REPOSITORY_PATH = new RegExp(`(?<![\\w.#@/-])(?:${TOP_FOLDERS.join('|')})/[\\w./-]*`, 'g')

/** The repository paths a text names: ending in an extension or '/', sentence dots dropped. */
function findRepositoryPaths(text: string): string[] {
  return [...text.matchAll(REPOSITORY_PATH)]
    .map((match) => match[0].replace(/\.+$/, ''))
    .filter((found) => found.endsWith('/') || /\.[a-z0-9]+$/i.test(found))
}

/** The comments of a source file: block comments and line comments (not `://` in a URL). */
function getComments(source: string): string {
  return [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w])\/\/.*$/gm)]
    .map((match) => match[0])
    .join('\n')
}

function listFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${folder}/${entry.name}`
    return entry.isDirectory() ? listFiles(relative) : [relative]
  })
}

const read = (relative: string) => readFileSync(path.join(ROOT, relative), 'utf8')

/** Where each text comes from, with the part of it that is checked. */
function collectTexts(): { file: string; text: string }[] {
  const markdown = (folder: string) =>
    readdirSync(path.join(ROOT, folder))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `${folder}/${name}`)
  const docs = [
    ...markdown('docs'),
    ...markdown('docs/decisions'),
    ...markdown('docs/measurements'),
    'README.md',
  ].map((file) => ({
    file,
    text: read(file),
  }))
  const comments = CODE_FOLDERS.flatMap(listFiles)
    .filter((file) => CODE_FILE.test(file))
    .map((file) => ({ file, text: getComments(read(file)) }))
  return [...docs, ...comments]
}

/** Folders git ignores because a run writes them (tests/screenshots/). */
const ignoredFolders = read('.gitignore')
  .split('\n')
  .map((line) => line.trim().replace(/^\//, ''))
  .filter((line) => TOP_FOLDERS.some((folder) => line.startsWith(`${folder}/`)))

const isThere = (named: string) =>
  existsSync(path.join(ROOT, named)) || ignoredFolders.some((folder) => named.startsWith(folder))

test('a path is what starts with a top-level folder and ends in an extension or a slash', () => {
  const text =
    'See `server/app.ts`, web/sales/wizard/ and tests/api/sales.test.ts. Not web/server, ' +
    'nor #schema/sales, https://example.com/docs/x.md, /api/sync/v1 or server/routes/<area>.ts.'
  expect(findRepositoryPaths(text)).toEqual([
    'server/app.ts',
    'web/sales/wizard/',
    'tests/api/sales.test.ts',
    'server/routes/',
  ])
  expect(getComments("const url = 'https://x.org/a' // see schema/sales.ts\n/** sw/ */")).toBe(
    '// see schema/sales.ts\n/** sw/ */',
  )
})

test('every repository path named in the docs and in comments exists', () => {
  const missing = collectTexts().flatMap(({ file, text }) =>
    findRepositoryPaths(text)
      .filter((named) => !isThere(named))
      .map((named) => `${file}: ${named}`),
  )
  expect(missing).toEqual([])
})

test('the README lists every decision record', () => {
  const listed = read('README.md')
  const unlisted = readdirSync(path.join(ROOT, 'docs/decisions'))
    .filter((name) => name.endsWith('.md'))
    .filter((name) => !listed.includes(`(docs/decisions/${name})`))
  expect(unlisted).toEqual([])
})
