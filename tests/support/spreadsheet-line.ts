/**
 * The cells a spreadsheet reads from one CSV line when it splits on `separator` (its
 * locale's, not necessarily the file's): a double quote opens or closes a quoted stretch,
 * a doubled one inside it is a quote, and only a separator outside quotes ends a cell.
 */
export function readSpreadsheetLine(line: string, separator: string): string[] {
  const cells: string[] = []
  let cell = ''
  let isQuoted = false
  for (let index = 0; index < line.length; index++) {
    const char = line[index]
    if (char === '"') {
      if (isQuoted && line[index + 1] === '"') {
        cell += '"'
        index++
      } else isQuoted = !isQuoted
    } else if (char === separator && !isQuoted) {
      cells.push(cell)
      cell = ''
    } else cell += char
  }
  return [...cells, cell]
}

/** A cell a spreadsheet runs as a formula. */
export const FORMULA_CELL = /^[=+\-@]/
