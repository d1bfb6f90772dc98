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
 * One CSV cell: texts neutralised (neutraliseFormula), then quoted when they hold a quote,
 * a line break or the separator. Numbers are written as String() gives them.
 */
export function toCsvCell(value: unknown, separator = ','): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? neutraliseFormula(value) : String(value)
  const mustQuote = /["\n\r]/.test(text) || text.includes(separator)
  return mustQuote ? `"${text.replaceAll('"', '""')}"` : text
}
