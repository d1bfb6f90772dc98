import { GREY, LEFT, type PageWriter, RIGHT } from './pdf-page-writer.ts'

/** A column of a statement table; widths in points add up to the text width. */
export type TableColumn = { header: string; width: number; align?: 'left' | 'right' }

const ROW_HEIGHT = 14
const CELL_GAP = 6

function drawRow(writer: PageWriter, columns: TableColumn[], cells: string[], isBold: boolean) {
  let x = LEFT
  columns.forEach((column, index) => {
    const width = column.width - CELL_GAP
    const isRight = column.align === 'right'
    writer.text(cells[index] ?? '', {
      x: isRight ? x + width : x,
      width,
      align: column.align,
      isBold,
    })
    x += column.width
  })
}

const NOTE_HEIGHT = 11

/**
 * A table of rows under its header. A row that does not fit goes to the next page, under
 * the header again, so every page of a long statement reads on its own. A row's note (why
 * a plan's adjustment is what it is) is printed under it, small, from the second column.
 */
export function drawTable(
  writer: PageWriter,
  columns: TableColumn[],
  rows: string[][],
  notes: readonly (string | null)[] = [],
) {
  const drawHeader = () => {
    writer.moveDown(ROW_HEIGHT)
    drawRow(
      writer,
      columns,
      columns.map((column) => column.header),
      true,
    )
    writer.rule()
    writer.moveDown(4)
  }
  writer.ensureRoom(ROW_HEIGHT * 3)
  drawHeader()
  const noteX = LEFT + (columns[0]?.width ?? 0)
  rows.forEach((row, index) => {
    const note = notes[index]
    if (writer.ensureRoom(ROW_HEIGHT + (note ? NOTE_HEIGHT : 0))) drawHeader()
    writer.moveDown(ROW_HEIGHT)
    drawRow(writer, columns, row, false)
    if (!note) return
    writer.moveDown(NOTE_HEIGHT)
    writer.text(note, { x: noteX, size: 8, color: GREY, width: RIGHT - noteX })
  })
}
