import { PageSizes, type PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib'
import { toWinAnsi } from './to-win-ansi.ts'

const [PAGE_WIDTH, PAGE_HEIGHT] = PageSizes.A4
/** Left and right edge of the text on an A4 page, in points. */
export const LEFT = 48
export const RIGHT = PAGE_WIDTH - 48
const TOP = PAGE_HEIGHT - 48
/** Room kept free at the bottom for the page footer. */
const BOTTOM = 48 + 28

export const GREY = rgb(0.4, 0.4, 0.4)
const BLACK = rgb(0, 0, 0)

export type TextOptions = {
  x: number
  size?: number
  isBold?: boolean
  /** Longer texts are cut with an ellipsis to this width. */
  width?: number
  /** 'right': x is where the text ends. */
  align?: 'left' | 'right'
  color?: ReturnType<typeof rgb>
}

/** A text the font can draw, cut with an ellipsis when it is wider than `width`. */
export function fitText(font: PDFFont, text: string, size: number, width?: number) {
  const drawable = toWinAnsi(font, text)
  if (width === undefined || font.widthOfTextAtSize(drawable, size) <= width) return drawable
  let cut = drawable
  while (cut.length > 0 && font.widthOfTextAtSize(`${cut}…`, size) > width) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

/**
 * Writes a document from top to bottom on A4 pages. `ensureRoom` starts a new page when
 * the next block would run into the footer, so a long statement flows over as many pages
 * as it needs; `onNewPage` draws what every following page repeats.
 */
export function createPageWriter(
  doc: PDFDocument,
  fonts: { regular: PDFFont; bold: PDFFont },
  onNewPage: () => void,
) {
  let page: PDFPage = doc.addPage(PageSizes.A4)
  let y = TOP

  const writer = {
    /** Moves down by `height` points: the next line's baseline. */
    moveDown(height: number) {
      y -= height
    },
    /** True when a new page was started because `height` did not fit on this one. */
    ensureRoom(height: number) {
      if (y - height >= BOTTOM) return false
      page = doc.addPage(PageSizes.A4)
      y = TOP
      onNewPage()
      return true
    },
    text(text: string, options: TextOptions) {
      const { size = 9, isBold = false, align = 'left', color = BLACK } = options
      const font = isBold ? fonts.bold : fonts.regular
      const drawable = fitText(font, text, size, options.width)
      const x = align === 'right' ? options.x - font.widthOfTextAtSize(drawable, size) : options.x
      page.drawText(drawable, { x, y, size, font, color })
    },
    /** A thin line across the page, just under the current baseline. */
    rule() {
      page.drawLine({
        start: { x: LEFT, y: y - 4 },
        end: { x: RIGHT, y: y - 4 },
        thickness: 0.5,
        color: GREY,
      })
    },
  }
  return writer
}

/** The writer of one document. */
export type PageWriter = ReturnType<typeof createPageWriter>

/** "Pagina n van m" and a caption at the bottom of every page, once all pages exist. */
export function drawPageFooters(doc: PDFDocument, font: PDFFont, caption: string) {
  const pages = doc.getPages()
  pages.forEach((page, index) => {
    const numbering = `Pagina ${index + 1} van ${pages.length}`
    const size = 8
    page.drawText(fitText(font, caption, size, RIGHT - LEFT - 90), {
      x: LEFT,
      y: 40,
      size,
      font,
      color: GREY,
    })
    page.drawText(numbering, {
      x: RIGHT - font.widthOfTextAtSize(numbering, size),
      y: 40,
      size,
      font,
      color: GREY,
    })
  })
}
