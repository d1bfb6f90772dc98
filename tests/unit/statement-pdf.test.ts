import { extractText } from 'unpdf'
import { expect, test } from 'vitest'
import { renderStatementPdf } from '#server/services/sales/statements/render-statement-pdf'
import type { Statement } from '#server/services/sales/statements/statement'
import { getStatementFileName } from '#server/services/sales/statements/statement-file-name'

function buildStatement(payments: number, sellerName = 'Sanne Setter'): Statement {
  return {
    organisationName: 'Gold Estates',
    sellerId: 'seller-1',
    sellerName,
    currency: 'EUR',
    period: { dateFrom: '2026-01-01', dateTo: '2026-12-31' },
    payments: Array.from({ length: payments }, (_, index) => ({
      paidOn: '2026-03-04',
      kind: 'commission' as const,
      amount: 100_000,
      clientName: `Klant ${index + 1}`,
      projectName: 'Havenkwartier',
      propertyNumber: `B-${index + 1}`,
    })),
    openLines: [],
    totals: { commission: payments * 100_000, adjustments: 0, clawbacks: 0, net: 0, open: 0 },
  }
}

async function readPages(pdf: Uint8Array) {
  const { totalPages, text } = await extractText(pdf)
  return { totalPages, pages: text.map((page) => page.replace(/\s+/g, ' ')) }
}

test('a long statement flows over pages, each with the table header and its number', async () => {
  const { totalPages, pages } = await readPages(await renderStatementPdf(buildStatement(200)))
  expect(totalPages).toBeGreaterThan(3)
  pages.forEach((page, index) => {
    expect(page).toContain(`Pagina ${index + 1} van ${totalPages}`)
  })
  expect(pages[1]).toContain('Afrekening Sanne Setter (vervolg)')
  expect(pages[1]).toContain('Datum Klant Project Bouwnummer Soort Bedrag')
  const all = pages.join(' ')
  for (const client of ['Klant 1 ', 'Klant 100 ', 'Klant 200 ']) expect(all).toContain(client)
  expect(pages.at(-1)).toContain('Betaalde commissie € 200.000,00')
})

test('names outside the PDF fonts are drawn without their foreign letters', async () => {
  const statement = buildStatement(1, 'Łukasz Wałęsa 李')
  statement.payments[0]!.clientName = 'Zoë\u2009Çelik\nvan Dijk'
  const { pages } = await readPages(await renderStatementPdf(statement))
  expect(pages[0]).toContain('Verkoper: Lukasz Walesa ?')
  expect(pages[0]).toContain('Zoë Çelik van Dijk')
})

test('the file name is the seller as plain ASCII and the period', () => {
  const period = { dateFrom: '2026-01-01', dateTo: '2026-01-31' }
  expect(getStatementFileName('Zoë de Wit-Çelik', period)).toBe(
    'afrekening-zoe-de-wit-celik-2026-01-01-2026-01-31.pdf',
  )
  expect(getStatementFileName('李', period)).toBe('afrekening-verkoper-2026-01-01-2026-01-31.pdf')
})
