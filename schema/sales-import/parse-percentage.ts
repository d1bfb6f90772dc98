import { cellText, type Parsed, type SheetCell } from './sheet-cell.ts'

/**
 * A percentage as written ('2,5%', '2.5 %', '3'): the number shown, 0 to 100, at most four
 * decimals (the precision of the commission arithmetic). '2,5%' is 2.5, not 0.025.
 */
export function parsePercentage(cell: SheetCell): Parsed<number> {
  const written = cellText(cell)
  if (written === '') return { ok: false, problem: 'ontbreekt' }
  const text = written.replace(/[\s\u00a0\u202f%]/g, '').replace(',', '.')
  if (!/^\d+(\.\d+)?$/.test(text) && !/^\.\d+$/.test(text)) {
    return { ok: false, problem: `"${written}" is geen geldig percentage` }
  }
  if ((text.split('.')[1] ?? '').length > 4) {
    return { ok: false, problem: `"${written}" heeft meer dan vier decimalen` }
  }
  const value = Number(text)
  if (value > 100) return { ok: false, problem: `"${written}" ligt niet tussen 0 en 100` }
  return { ok: true, value }
}
