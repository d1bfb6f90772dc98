import { format } from 'date-fns/format'
import { nl } from 'date-fns/locale/nl'
import { parseISO } from 'date-fns/parseISO'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { formatMoney } from '#schema/format-money'
import { drawTable, type TableColumn } from './draw-table.ts'
import { createPageWriter, drawPageFooters, GREY, LEFT, RIGHT } from './pdf-page-writer.ts'
import { LINE_KIND_LABELS, type Statement } from './statement.ts'

// The date as the screens write it (web/lib/format-calendar-date.ts): '03 okt. 2025'.
const formatDay = (date: string) => format(parseISO(date), 'dd MMM yyyy', { locale: nl })

const PAYMENT_COLUMNS: TableColumn[] = [
  { header: 'Datum', width: 62 },
  { header: 'Klant', width: 118 },
  { header: 'Project', width: 100 },
  { header: 'Bouwnummer', width: 70 },
  { header: 'Soort', width: 72 },
  { header: 'Bedrag', width: 77, align: 'right' },
]
const OPEN_COLUMNS: TableColumn[] = [
  { header: 'Aangemaakt', width: 62 },
  ...PAYMENT_COLUMNS.slice(1, 5),
  { header: 'Openstaand', width: 77, align: 'right' },
]

/**
 * The payout statement as an A4 PDF: the organisation as heading, "Afrekening", the seller
 * and period, the payments of the period, the open corrections and clawbacks, the totals.
 */
export async function renderStatementPdf(statement: Statement): Promise<Uint8Array<ArrayBuffer>> {
  const { organisationName, sellerName, period, totals } = statement
  const money = (cents: number) => formatMoney(cents, statement.currency)
  const periodText = `${formatDay(period.dateFrom)} t/m ${formatDay(period.dateTo)}`
  const doc = await PDFDocument.create()
  doc.setTitle(`Afrekening ${sellerName} ${period.dateFrom} - ${period.dateTo}`)
  doc.setAuthor(organisationName)
  doc.setCreator('Gold Estates')
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  }
  const writer = createPageWriter(doc, fonts, () => {
    writer.moveDown(10)
    writer.text(`Afrekening ${sellerName} (vervolg)`, { x: LEFT, size: 9, color: GREY })
    writer.moveDown(6)
  })

  writer.moveDown(4)
  writer.text(organisationName, { x: LEFT, size: 12, isBold: true, width: RIGHT - LEFT })
  writer.moveDown(30)
  writer.text('Afrekening', { x: LEFT, size: 22, isBold: true })
  writer.moveDown(22)
  writer.text(`Verkoper: ${sellerName}`, { x: LEFT, size: 11, width: RIGHT - LEFT })
  writer.moveDown(15)
  writer.text(`Periode: ${periodText}`, { x: LEFT, size: 11 })

  const section = (title: string) => {
    writer.ensureRoom(60)
    writer.moveDown(30)
    writer.text(title, { x: LEFT, size: 12, isBold: true })
  }
  const sale = (line: Statement['payments'][number] | Statement['openLines'][number]) => [
    line.clientName,
    line.projectName,
    line.propertyNumber,
    LINE_KIND_LABELS[line.kind],
  ]

  section('Betalingen in deze periode')
  if (statement.payments.length === 0) {
    writer.moveDown(16)
    writer.text('Geen betalingen in deze periode.', { x: LEFT, size: 10, color: GREY })
  } else {
    const rows = statement.payments.map((payment) => [
      formatDay(payment.paidOn),
      ...sale(payment),
      money(payment.amount),
    ])
    drawTable(
      writer,
      PAYMENT_COLUMNS,
      rows,
      statement.payments.map((payment) => payment.planNote ?? null),
    )
  }

  section('Openstaande correcties en terugvorderingen')
  if (statement.openLines.length === 0) {
    writer.moveDown(16)
    writer.text('Geen openstaande correcties of terugvorderingen.', {
      x: LEFT,
      size: 10,
      color: GREY,
    })
  } else {
    const rows = statement.openLines.map((line) => [
      formatDay(line.createdOn),
      ...sale(line),
      money(line.remaining),
    ])
    drawTable(
      writer,
      OPEN_COLUMNS,
      rows,
      statement.openLines.map((line) => line.planNote ?? null),
    )
  }

  section('Totalen')
  const totalLines: [string, number, boolean][] = [
    ['Betaalde commissie', totals.commission, false],
    ['Correcties', totals.adjustments, false],
    ['Terugvorderingen ontvangen', totals.clawbacks, false],
    ['Netto in deze periode', totals.net, true],
    ['Nog openstaand (correcties en terugvorderingen)', totals.open, false],
  ]
  for (const [label, cents, isBold] of totalLines) {
    writer.ensureRoom(16)
    writer.moveDown(16)
    writer.text(label, { x: LEFT, size: 10, isBold })
    writer.text(money(cents), { x: RIGHT, size: 10, isBold, align: 'right' })
  }

  drawPageFooters(
    doc,
    fonts.regular,
    `${organisationName} · Afrekening ${sellerName} · ${periodText}`,
  )
  // pdf-lib writes into a plain ArrayBuffer (never a shared one).
  return (await doc.save()) as Uint8Array<ArrayBuffer>
}
