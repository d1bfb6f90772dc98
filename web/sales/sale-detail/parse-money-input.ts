// Amounts typed in euros on a phone: a comma or a dot before the cents, with or without
// thousands grouping. Grouping is read the Dutch way ('1.250' is twelve hundred fifty);
// the English way only with its cents ('1,250.50'), so '12,345' is refused, not guessed.
const PLAIN = /^\d+(?:[.,]\d{1,2})?$/
const DUTCH_GROUPED = /^\d{1,3}(?:\.\d{3})+(?:,\d{1,2})?$/
const ENGLISH_GROUPED = /^\d{1,3}(?:,\d{3})+\.\d{1,2}$/

/** '1250,5', '1250.50' or '1.250,50' (symbol and spaces allowed) as cents; undefined if not an amount. */
export function parseMoneyInput(text: string): number | undefined {
  const value = text.replace(/[\s\u00a0€$£]/g, '')
  let normalised: string
  if (PLAIN.test(value)) normalised = value.replace(',', '.')
  else if (DUTCH_GROUPED.test(value)) normalised = value.replaceAll('.', '').replace(',', '.')
  else if (ENGLISH_GROUPED.test(value)) normalised = value.replaceAll(',', '')
  else return undefined
  const [whole = '0', fraction = ''] = normalised.split('.')
  // Whole cents from the digits themselves: no binary fractions on the way.
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Cents as the amount field shows them: 414635 → '4146,35'. */
export function toMoneyInput(cents: number): string {
  const whole = Math.trunc(cents / 100)
  const rest = String(Math.abs(cents % 100)).padStart(2, '0')
  return `${whole},${rest}`
}
