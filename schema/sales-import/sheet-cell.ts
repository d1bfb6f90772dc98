/** One cell as a source gives it: Sheets and CSV give text, an .xlsx file also dates. */
export type SheetCell = string | number | boolean | Date | null | undefined

/** A parse that either gives a value or says, in Dutch, what is wrong with the cell. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string }

/** The cell as trimmed text ('' for an empty cell). */
export function cellText(cell: SheetCell): string {
  if (cell === null || cell === undefined) return ''
  if (cell instanceof Date) return Number.isNaN(cell.getTime()) ? '' : cell.toISOString()
  return String(cell).trim()
}

/** Text as a person typed it: surrounding space gone, inner runs of space made one. */
export function tidyText(cell: SheetCell): string {
  return cellText(cell).replace(/\s+/g, ' ')
}

/** Text for comparing names: tidy, lower case, accents kept ('Café' ≠ 'Cafe'). */
export function toNameKey(cell: SheetCell): string {
  return tidyText(cell).normalize('NFC').toLocaleLowerCase('nl')
}
