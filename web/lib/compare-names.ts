// Built on first use, not at import: a page's first Intl object loads ICU's data, which
// would otherwise land in the start of whichever screen imports this (decision 041).
let collator: Intl.Collator | undefined

/** Names the Dutch way: case and accents aside, numbers by value ('Huis 2' before 'Huis 10'). */
export function compareNames(a: string, b: string): number {
  collator ??= new Intl.Collator('nl', { sensitivity: 'base', numeric: true })
  return collator.compare(a, b)
}
