import { strToU8, Zip, ZipPassThrough } from 'fflate'
import type { StatementPeriod } from '#schema/statements'
import type { ServiceContext } from '../../../context.ts'
import type { OrganisationDb } from '../../../db/organisation-db.ts'
import { AppError } from '../../../errors/app-error.ts'
import { collectStatement } from './collect-statement.ts'
import type { SellerWithStatement } from './find-sellers-with-statements.ts'
import { renderStatementPdf } from './render-statement-pdf.ts'
import { getStatementFileName } from './statement-file-name.ts'

/** A seller whose statement is not in the zip, and why (Dutch, for the person). */
export type LeftOutStatement = { sellerName: string; reason: string }

/** The text file in the zip that names the statements left out. */
export const LEFT_OUT_FILE_NAME = 'niet-opgenomen.txt'

function describeLeftOut(leftOut: LeftOutStatement[]) {
  const lines = leftOut.map((item) => `- ${item.sellerName}: ${item.reason}`)
  return `Deze afrekeningen zitten niet in de zip:\r\n${lines.join('\r\n')}\r\n`
}

/**
 * The statements as a zip that is made while it is read: one seller's PDF at a time, only
 * when the reader wants more, so memory holds one statement whatever the number of
 * sellers. A seller whose statement fails with a refusal (too many lines since they were
 * counted, gone meanwhile) is left out and named, with those left out before, in
 * niet-opgenomen.txt at the end. PDFs are compressed already, so they are stored.
 */
export function streamStatementsZip(
  ctx: ServiceContext,
  period: StatementPeriod,
  sellers: SellerWithStatement[],
  leftOutBefore: LeftOutStatement[],
  openDb: () => OrganisationDb,
): ReadableStream<Uint8Array> {
  const leftOut = [...leftOutBefore]
  const fileNames = new Set<string>()
  let next = 0
  let zip: Zip
  const addFile = (name: string, bytes: Uint8Array) => {
    const file = new ZipPassThrough(name)
    zip.add(file)
    file.push(bytes, true)
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      zip = new Zip((error, chunk, isFinal) => {
        if (error) return controller.error(error)
        controller.enqueue(chunk)
        if (isFinal) controller.close()
      })
    },
    async pull() {
      // Other requests get their turn between two statements.
      await new Promise((resolve) => setImmediate(resolve))
      const seller = sellers[next++]
      if (!seller) {
        if (leftOut.length > 0) addFile(LEFT_OUT_FILE_NAME, strToU8(describeLeftOut(leftOut)))
        zip.end()
        return
      }
      try {
        // The organisation's file is taken again for each seller: the cache closes a file it
        // evicts, and the zip is made across many turns of the event loop.
        const statement = collectStatement({ ...ctx, db: openDb() }, seller.id, period)
        const pdf = await renderStatementPdf(statement)
        let name = getStatementFileName(seller.name, period)
        // Two sellers of the same name each keep their own file.
        if (fileNames.has(name)) name = name.replace(/\.pdf$/, `-${seller.id.slice(-8)}.pdf`)
        fileNames.add(name)
        addFile(name, pdf)
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        leftOut.push({ sellerName: seller.name, reason: error.message })
      }
    },
  })
}
