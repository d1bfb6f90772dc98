import type { PDFFont } from 'pdf-lib'

const characterSets = new WeakMap<PDFFont, Set<number>>()

// Characters people type that the standard fonts lack, by a look-alike they have.
const LOOK_ALIKES: Record<string, string> = {
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2009': ' ',
  '\u202f': ' ',
  '\u200b': '',
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  ı: 'i',
}

/**
 * A text the font can draw. The standard PDF fonts (pdf-lib's StandardFonts) encode
 * WinAnsi only, and drawing any other character throws: names come from people, so a
 * letter outside it loses its accent (ł stays ?, ő becomes o), line breaks become spaces.
 */
export function toWinAnsi(font: PDFFont, text: string): string {
  let characters = characterSets.get(font)
  if (!characters) {
    characters = new Set(font.getCharacterSet())
    characterSets.set(font, characters)
  }
  const known = characters
  const fits = (character: string) => known.has(character.codePointAt(0) ?? 0)
  let result = ''
  for (const character of text.replace(/[\r\n\t]+/g, ' ')) {
    if (fits(character)) {
      result += character
      continue
    }
    const lookAlike = LOOK_ALIKES[character]
    if (lookAlike !== undefined) {
      result += lookAlike
      continue
    }
    // The letter without its accents, when the font has that.
    const base = character.normalize('NFKD').replace(/\p{M}/gu, '')
    result += base !== '' && [...base].every(fits) ? base : '?'
  }
  return result
}
