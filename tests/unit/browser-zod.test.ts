import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, test } from 'vitest'

// Code that runs in the browser gets zod through schema/zod.ts, which switches off zod's
// `new Function` probe before the first parse (the Content-Security-Policy forbids eval).
// A direct runtime import elsewhere could parse before that module ran.

const ROOT = path.resolve(import.meta.dirname, '../..')

test('schema/, sync/ and web/ import zod only through schema/zod.ts', () => {
  const files = execFileSync('git', ['ls-files', 'schema', 'sync', 'web', 'sw'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((file) => /\.tsx?$/.test(file))
  const direct = files.filter((file) => {
    if (file === 'schema/zod.ts') return false
    const source = readFileSync(path.join(ROOT, file), 'utf8')
    return /^import (?!type )[^\n]*from 'zod(\/[^']*)?'/m.test(source)
  })
  expect(direct).toEqual([])
})
