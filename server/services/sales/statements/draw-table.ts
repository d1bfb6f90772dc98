import { LEFT, type PageWriter } from './pdf-page-writer.ts'

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

/**
 * A table of rows under its header. A row that does not fit goes to the next page, under
 * the header again, so every page of a long statement reads on its own.
 */
export function drawTable(writer: PageWriter, columns: TableColumn[], rows: string[][]) {
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
  for (const row of rows) {
    if (writer.ensureRoom(ROW_HEIGHT)) drawHeader()
    writer.moveDown(ROW_HEIGHT)
    drawRow(writer, columns, row, false)
  }
}
