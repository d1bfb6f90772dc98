// Cells written for a spreadsheet (the CSV backup, the commission export). Names and notes
// come from people, some through public registration, so a text must never be taken for a
// formula when the file is opened.

/** A text cell starting with one of these runs as a formula in a spreadsheet. */
const FORMULA_START = /^[=+\-@\t\r]/

/** A text that a spreadsheet would run as a formula, with a leading ' so it stays text. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text
}

/**
 * A cell in double quotes, quotes inside doubled. A spreadsheet never splits inside quotes,
 * so a text stays one cell also where it is read with another separator than the file's
 * (a comma-locale spreadsheet opening the ';' export splits on ',', and the part after a
 * comma would otherwise start a cell of its own: "Jansen,=HYPERLINK(…)").
 */
export function quoteCsvCell(text: string): string {
  return `"${text.replaceAll('"', '""')}"`
}

/**
 * One CSV cell: a text is neutralised (neutraliseFormula) and always quoted; a number or
 * boolean is written as String() gives it; null and undefined are empty.
 */
export function toCsvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return quoteCsvCell(neutraliseFormula(value))
  return String(value)
}
