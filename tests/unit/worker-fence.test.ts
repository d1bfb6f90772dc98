import { execFileSync } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'

// The database worker's rooms (sync/client/worker/, sync/client/shared/) are fenced in
// biome.json: no import of the page's modules, web/ or React, no localStorage or window
// (docs/architecture.md, decision 025). Scratch files beside copies of the real ones,
// linted with the repository's biome.json in a folder of their own, prove the fence holds
// and that the real files stay inside it.

const ROOT = path.resolve(import.meta.dirname, '../..')
const BIOME = path.join(ROOT, 'node_modules/.bin/biome')
const folder = mkdtempSync(path.join(tmpdir(), 'worker-fence-'))

afterAll(() => rmSync(folder, { recursive: true, force: true }))

type Diagnostic = { category: string; location?: { path?: string; start?: { line: number } } }

/** Lints `files` (path → text) beside copies of the worker's and shared folders. */
function lint(files: Record<string, string>): Diagnostic[] {
  const config = JSON.parse(readFileSync(path.join(ROOT, 'biome.json'), 'utf8'))
  // The copy is not a git checkout; the rules are the repository's.
  config.vcs.enabled = false
  delete config.$schema
  writeFileSync(path.join(folder, 'biome.json'), JSON.stringify(config))
  for (const room of ['worker', 'shared']) {
    cpSync(path.join(ROOT, 'sync/client', room), path.join(folder, 'sync/client', room), {
      recursive: true,
    })
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(folder, file)), { recursive: true })
    writeFileSync(path.join(folder, file), text)
  }
  let output: string
  try {
    output = execFileSync(BIOME, ['lint', '--reporter=json', 'sync'], {
      cwd: folder,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
  } catch (error) {
    // Biome exits with 1 when it found something: its report is still on stdout.
    output = (error as { stdout: string }).stdout
  }
  const fenced = ['lint/style/noRestrictedImports', 'lint/style/noRestrictedGlobals']
  return (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics.filter((diagnostic) =>
    fenced.includes(diagnostic.category),
  )
}

/** The lines of `file` that broke the fence. */
const linesOf = (diagnostics: Diagnostic[], file: string) =>
  diagnostics
    .filter((diagnostic) => diagnostic.location?.path?.endsWith(file))
    .map((diagnostic) => diagnostic.location?.start?.line)

test('the worker imports none of the page, web/ or React, and reads no localStorage or window', () => {
  const worker = [
    "import { isSignedInAs } from '../signed-in-account.ts'", // 1: the page's
    "import { createSyncStatus } from '#sync/client/sync-status'", // 2: the page's
    "import { useState } from 'react'", // 3
    "import { api } from '#web/lib/api-client'", // 4
    "import { keepDocuments } from './kept-documents.ts'", // 5: the worker's own
    "import { ANSWER_PART } from '../shared/database-storage-messages.ts'", // 6: shared
    "import { SYNC_PROTOCOL_VERSION } from '../../protocol.ts'", // 7: the wire format
    "import { buildSalesFigures } from '#schema/local-sales-data'", // 8: a shared rule
    '',
    'export const used = [isSignedInAs, createSyncStatus, useState, api, keepDocuments]', // 10
    'export const alsoUsed = [ANSWER_PART, SYNC_PROTOCOL_VERSION, buildSalesFigures]', // 11
    'export const page = [localStorage.length, window.name, document.title]', // 12
    '',
  ].join('\n')
  const shared = [
    "import { keepDocuments } from '../worker/kept-documents.ts'", // 1: the worker's
    "import { createSyncStatus } from '../sync-status.ts'", // 2: the page's
    "import { WORKER_HELLO } from './database-storage-messages.ts'", // 3: shared
    '',
    'export const used = [keepDocuments, createSyncStatus, WORKER_HELLO]',
    '',
  ].join('\n')
  const diagnostics = lint({
    'sync/client/worker/scratch-fence.ts': worker,
    'sync/client/shared/scratch-fence.ts': shared,
  })
  expect(linesOf(diagnostics, 'worker/scratch-fence.ts')).toEqual([1, 2, 3, 4, 12, 12, 12])
  expect(linesOf(diagnostics, 'shared/scratch-fence.ts')).toEqual([1, 2])
  // The real files stay inside the fence.
  const others = diagnostics.filter(
    (diagnostic) => !diagnostic.location?.path?.endsWith('scratch-fence.ts'),
  )
  expect(others).toEqual([])
})
