import { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { DEFAULT_ORGANISATION_ID } from '#schema/constants'
import { getOrganisationFile } from '#server/db/organisation-db'
import { removeMoveMarker, writeMoveMarker } from '#server/db/organisation-move-marker'
import { signInFirstSuperadminWithGoldEstates } from '../support/accounts.ts'
import { expectRefusal } from '../support/api-refusals.ts'
import type { Client } from '../support/http.ts'
import { openOrganisationFile } from '../support/sqlite.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// An import writes its rows in transactions of 200 on the connection it opened at its
// start. An organisation moving to another machine (decision 048) writes its marker, takes
// the file's write lock, copies the file and sets it aside: a transaction the import began
// while the move held the lock would take it afterwards and commit into the file set aside,
// rows reported imported that the new machine never gets. The import asks for the marker
// once its transaction holds the lock, and stops with the move's 503.

const ROWS = 5000

let server: TestServer
let admin: Client

beforeAll(async () => {
  server = await startTestServer()
  admin = await signInFirstSuperadminWithGoldEstates(server)
})
afterAll(async () => {
  removeMoveMarker(server.dataDir, DEFAULT_ORGANISATION_ID)
  await server?.close()
})

function buildCsv() {
  const lines = ['Klantnaam;Projectnaam;Verkoopdatum;Verkoopprijs;Commissie %;Verkoper;Bouwnummer']
  for (let index = 0; index < ROWS; index++) {
    lines.push(`Klant ${index};Parkzicht;15-03-2025;€ 250.000;2,5%;Sanne;P-${index}`)
  }
  return lines.join('\n')
}

/**
 * The move's first steps in a thread of its own, as `organisation:move` takes them: once
 * the import has written some rows, the marker, then the write lock (it waits for the
 * import's transaction under way), held a moment as the copy would hold it. Answers the
 * number of sales in the file as the copy would have taken it.
 */
function moveOnceRowsLand(file: string, dataDir: string, organisationId: string) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
    const Database = require('better-sqlite3')
    const db = new Database(workerData.file, { fileMustExist: true })
    db.pragma('busy_timeout = 10000')
    const count = () => db.prepare('select count(*) from sales').pluck().get()
    while (count() === 0) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5)
    parentPort.postMessage({ marker: true })
    parentPort.once('message', () => {
      db.exec('BEGIN IMMEDIATE')
      const copied = count()
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 300)
      db.exec('ROLLBACK')
      db.close()
      parentPort.postMessage({ copied })
    })`,
    { eval: true, workerData: { file } },
  )
  return new Promise<number>((resolve, reject) => {
    worker.on('error', reject)
    worker.on('message', (message: { marker?: true; copied?: number }) => {
      if (message.marker) {
        writeMoveMarker(dataDir, organisationId, { stage: 'moving', machine: 'b' })
        worker.postMessage('lock')
      } else {
        resolve(message.copied ?? -1)
        void worker.terminate()
      }
    })
  })
}

test('an import under way when its organisation starts moving stops with the 503: no row lands after the copy', async () => {
  const copied = moveOnceRowsLand(
    getOrganisationFile(server.dataDir, DEFAULT_ORGANISATION_ID),
    server.dataDir,
    DEFAULT_ORGANISATION_ID,
  )
  const answer = await admin.request(
    'POST',
    '/api/gold-estates/sheets/import?fileName=verkopen.csv',
    buildCsv(),
    { 'content-type': 'text/csv' },
  )
  expectRefusal(answer, 503, /verhuist/)
  expect(answer.headers.get('retry-after')).toBeTruthy()
  const inCopy = await copied
  expect(inCopy).toBeGreaterThan(0)
  expect(inCopy).toBeLessThan(ROWS)
  // Every sale in the file was there when the copy was taken.
  const db = openOrganisationFile(server.dataDir)
  expect(db.prepare('select count(*) from sales').pluck().get()).toBe(inCopy)
  db.close()
}, 120_000)
