import { mkdtempSync, readdirSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Env } from '#server/env'
import {
  type CopyStore,
  openCopyStore,
  readCopySettings,
} from '#server/services/offsite-copies/copy-store'
import { eventually } from '../support/eventually.ts'
import { quietPeriod } from '../support/quiet-period.ts'
import { startS3StandIn } from '../support/s3-stand-in.ts'

// An upload of a copy holds its file only while it runs: after it, landed or cut short,
// no descriptor of the file is left, and removing the file (what the copy round does
// next) raises nothing later.

const BUCKET = 'centraal-copies'
const KEY_ID = 'copies-key'
const folder = mkdtempSync(path.join(tmpdir(), 'centraal-copy-store-'))
let standIn: Awaited<ReturnType<typeof startS3StandIn>>
let store: CopyStore

beforeAll(async () => {
  standIn = await startS3StandIn({ bucket: BUCKET, accessKeyId: KEY_ID })
  const env = {
    S3_COPY_BUCKET: BUCKET,
    S3_COPY_ENDPOINT: standIn.url,
    S3_COPY_FORCE_PATH_STYLE: true,
    S3_COPY_PREFIX: 'copies/',
    S3_COPY_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: KEY_ID,
    AWS_SECRET_ACCESS_KEY: 'copies-secret',
  } as Env
  store = await openCopyStore(readCopySettings(env)!)
})
afterAll(async () => {
  store?.close()
  await standIn?.close()
  rmSync(folder, { recursive: true, force: true })
})

/** The descriptors this process holds on `file`. */
function openDescriptors(file: string) {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === file
    } catch {
      return false
    }
  })
}

test('a landed upload leaves no descriptor of its file', async () => {
  const file = path.join(folder, 'landed.sqlite')
  writeFileSync(file, Buffer.alloc(600 * 1024, 7))
  const key = await store.put('org-landed', file, new Date('2026-12-03T06:00:00Z'))
  expect(standIn.state.objects.get(key)?.body.length).toBe(600 * 1024)
  // The read stream closes its descriptor a moment after the upload is answered.
  await eventually(() => expect(openDescriptors(file)).toEqual([]), 5_000)
})

test('an upload cut short leaves no descriptor, and removing its file afterwards raises nothing', async () => {
  const file = path.join(folder, 'cut-short.sqlite')
  writeFileSync(file, Buffer.alloc(600 * 1024, 7))
  const put = store.put('org-cut', file, new Date('2026-12-03T06:00:00Z'), AbortSignal.abort())
  await expect(put).rejects.toThrow()
  rmSync(file)
  await quietPeriod(50, 'a read of the removed file, opened after the abort, would raise now')
  expect(openDescriptors(file)).toEqual([])
  expect([...standIn.state.objects.keys()].some((key) => key.includes('org-cut'))).toBe(false)
})
