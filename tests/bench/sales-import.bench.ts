import { afterAll, beforeAll, bench, describe } from 'vitest'
import { signInFirstSuperadmin } from '../support/accounts.ts'
import type { Client } from '../support/http.ts'
import { startSheetsStandIn } from '../support/sheets-stand-in.ts'
import { startTestServer, type TestServer } from '../support/test-server.ts'

// Importing a 10,000-row sheet through POST /api/gold-estates/sheets/sync, Google being the
// local stand-in: wall time and the process's peak RSS (server and stand-in share it),
// sampled every 20 ms. Then the same sheet again, which must skip every row.
// Targets: under 10 s and under 300 MB.

const ROWS = 10_000
const SHEET_ID = '1BenchSalesSheet_abcdefghijkl'
let standIn: Awaited<ReturnType<typeof startSheetsStandIn>>
let server: TestServer
let client: Client
const figures: { label: string; seconds: number; peakMb: number; imported: number }[] = []

function buildSheet() {
  const values = [
    [
      'Klantnaam',
      'Project',
      'Verkoopdatum',
      'Opleverdatum',
      'Verkoopprijs',
      'Commissie %',
      'Verkoper',
      'Bouwnummer',
    ],
  ]
  for (let index = 0; index < ROWS; index++) {
    values.push([
      `Klant ${index}`,
      `Project ${index % 20}`,
      `${String((index % 28) + 1).padStart(2, '0')}-${String((index % 12) + 1).padStart(2, '0')}-2025`,
      index % 4 ? '' : '01-06-2026',
      `€ ${250 + (index % 500)}.${String(index % 1000).padStart(3, '0')},00`,
      index % 2 ? '2,5%' : '3',
      `Verkoper ${index % 50}`,
      `B-${index}`,
    ])
  }
  return values
}

async function measure(label: string) {
  let peak = process.memoryUsage().rss
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 20)
  const started = performance.now()
  const response = await client.post('/api/gold-estates/sheets/sync', { spreadsheetId: SHEET_ID })
  const seconds = (performance.now() - started) / 1000
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (response.status !== 200) throw new Error(`sync: ${response.status} ${response.text}`)
  figures.push({
    label,
    seconds,
    peakMb: peak / 1024 / 1024,
    imported: response.json.salesImported,
  })
  return response.json
}

beforeAll(async () => {
  standIn = await startSheetsStandIn()
  standIn.putSpreadsheet(SHEET_ID, {
    title: 'Bench',
    sheets: [{ title: 'Sheet1', values: buildSheet() }],
  })
  server = await startTestServer({
    GOOGLE_SERVICE_ACCOUNT_JSON: standIn.serviceAccountJson,
    GOOGLE_API_ROOT: standIn.url,
  })
  client = await signInFirstSuperadmin(server)
  await client.post('/api/admin/launch-gold-estates')
})

afterAll(async () => {
  console.log('')
  for (const figure of figures) {
    console.log(
      `${figure.label}: ${figure.seconds.toFixed(1)} s, peak RSS ${figure.peakMb.toFixed(0)} MB, ` +
        `${figure.imported} sales imported (targets: < 10 s, < 300 MB)`,
    )
  }
  console.log('')
  await server.close()
  await standIn.close()
})

describe('sheets import', () => {
  bench(
    `POST /api/gold-estates/sheets/sync, ${ROWS} rows`,
    async () => {
      // An import happens once per sheet; a repeated call of this function (tinybench's
      // own runs) would only measure skipping.
      if (figures.length > 0) return
      const first = await measure(`import of ${ROWS} rows`)
      if (first.salesImported !== ROWS) throw new Error(`imported ${first.salesImported}`)
      const again = await measure('the same sheet again')
      if (again.salesSkipped !== ROWS) throw new Error(`skipped ${again.salesSkipped}`)
    },
    { iterations: 1, warmupIterations: 0, warmupTime: 0, time: 0 },
  )
})
