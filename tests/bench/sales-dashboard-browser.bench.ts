import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { build } from 'vite'
import { afterAll, beforeAll, bench, describe } from 'vitest'
import { launchBrowser } from '../support/browser.ts'
import { buildProjectDocument, UNTYPED_SALE_FIELDS } from '../support/sale-document.ts'

// The commission aggregation in Chromium, as the sales screens run it over local data:
// schema/sales-dashboard.ts bundled as it ships, on 20,000 sales and 60,000 commission
// lines generated in the page. Timed inside the page (performance.now), so only the
// aggregation counts. Target: under 250 ms.

const SALES = 20_000
const TODAY = '2026-06-15'

let browser: Browser
let page: Page
const durations: Record<string, number[]> = {}

/** schema/sales-dashboard.ts and its imports (date-fns) as one script for the page. */
async function bundleAggregation(): Promise<string> {
  const result = await build({
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: {
        entry: path.resolve(import.meta.dirname, '../../schema/sales-dashboard.ts'),
        formats: ['iife'],
        name: 'salesDashboard',
      },
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  for (const output of outputs) {
    if ('output' in output) {
      const chunk = output.output.find((item) => item.type === 'chunk')
      if (chunk && 'code' in chunk) return chunk.code
    }
  }
  throw new Error('no bundle')
}

beforeAll(async () => {
  const code = await bundleAggregation()
  browser = await launchBrowser()
  page = await browser.newPage()
  await page.setContent('<!doctype html><title>bench</title>')
  await page.addScriptTag({ content: code })
  await page.evaluate(
    ({ count, untyped, projects }) => {
      const day = (index: number) =>
        `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 28) + 1).padStart(2, '0')}`
      const sellers = Array.from({ length: 50 }, (_, index) => ({
        id: `seller-${index}`,
        name: `Verkoper ${index}`,
        email: null,
        phone: null,
        role: 'closer',
        status: 'active',
        userId: null,
        createdAt: 0,
        updatedAt: 0,
        seq: index + 1,
      }))
      const sales = []
      const commissions = []
      for (let index = 0; index < count; index++) {
        const id = `sale-${String(index).padStart(6, '0')}`
        sales.push({
          id,
          projectId: `project-${index % 20}`,
          clientName: `Klant ${index}`,
          ...untyped,
          propertyNumber: `B-${index}`,
          saleDate: day(index),
          salePrice: 30_000_000 + index,
          commissionPercentage: 2.5,
          commissionAmount: 750_000,
          createdAt: index,
          updatedAt: index,
          seq: index + 1,
          splits: null,
          cancelReason: null,
          cancelledAt: null,
          paidTotal: 0,
        })
        for (let line = 0; line < 3; line++) {
          commissions.push({
            id: `${id}-${line}`,
            saleId: id,
            sellerId: `seller-${(index + line) % 50}`,
            commissionType: line === 2 ? 'referral' : 'sales',
            role: 'closer',
            commissionPercentage: line === 2 ? 10 : 45,
            commissionAmount: line === 2 ? 75_000 : 337_500,
            status: index % 3 ? 'pending' : 'paid',
            expectedPaymentDate: day(index + 40),
            paidAt: null,
            createdAt: index,
            updatedAt: index,
            seq: index * 3 + line + 1,
            kind: 'commission',
            paidAmount: index % 3 ? 0 : line === 2 ? 75_000 : 337_500,
            sourceId: null,
          })
        }
      }
      Object.assign(window, { salesData: { sales, commissions, projects, sellers } })
    },
    {
      count: SALES,
      untyped: UNTYPED_SALE_FIELDS,
      projects: Array.from({ length: 20 }, (_, index) =>
        buildProjectDocument({
          id: `project-${index}`,
          name: `Project ${index}`,
          label: index % 2 ? 'Nieuwbouw' : 'Bestaand',
          seq: index + 1,
        }),
      ),
    },
  )
}, 120_000)

afterAll(async () => {
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b)
    const middle = Math.floor(sorted.length / 2)
    return sorted.length % 2
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
  }
  const lines = Object.entries(durations).map(
    ([name, values]) =>
      `  ${name}: p50 ${median(values).toFixed(1)} ms, max ${Math.max(...values).toFixed(1)} ms (${values.length} runs)`,
  )
  console.log(
    `\nsales aggregation in Chromium over ${SALES} sales / ${SALES * 3} commissions (target < 250 ms):\n${lines.join('\n')}\n`,
  )
  await browser?.close()
})

type Call = 'dashboard' | 'commissions' | 'commissionsFiltered' | 'statistics'

/** Runs one aggregation in the page and records its in-page duration. */
async function timeInPage(call: Call) {
  const { ms, total } = await page.evaluate(
    ({ call, today }) => {
      // biome-ignore lint/suspicious/noExplicitAny: the bundle's global, set by addScriptTag
      const { salesDashboard, salesData } = window as any
      // The commission screen builds one page of 25 sales and the first 10 payments.
      const screenPage = { offset: 0, limit: 25, upcomingLimit: 10 }
      const start = performance.now()
      let total = 0
      if (call === 'dashboard') {
        total = salesDashboard.buildCommissionDashboard(salesData, {}, today, {
          offset: 0,
          limit: 0,
          upcomingLimit: 5,
        }).totalSales
      } else if (call === 'commissions') {
        total = salesDashboard.buildCommissionDashboard(
          salesData,
          { dateFrom: '2026-01-01', dateTo: '2026-12-31' },
          today,
          screenPage,
        ).salesListTotal
      } else if (call === 'commissionsFiltered') {
        total = salesDashboard.buildCommissionDashboard(
          salesData,
          { dateFrom: '2026-01-01', dateTo: '2026-12-31', projectLabel: 'Nieuwbouw' },
          today,
          screenPage,
        ).salesListTotal
      } else {
        total = salesDashboard.buildDetailedStats(salesData, today).totalSales
      }
      return { ms: performance.now() - start, total }
    },
    { call, today: TODAY },
  )
  if (total === 0) throw new Error(`${call}: nothing counted`)
  durations[call] ??= []
  durations[call].push(ms)
}

const options = { iterations: 20, warmupIterations: 3 }

describe('sales aggregation in the browser', () => {
  bench('dashboard (totals, 5 upcoming)', () => timeInPage('dashboard'), options)
  bench(
    'commission screen, this year (all sales), one page',
    () => timeInPage('commissions'),
    options,
  )
  bench('commission screen, label filter', () => timeInPage('commissionsFiltered'), options)
  bench('statistics', () => timeInPage('statistics'), options)
})
