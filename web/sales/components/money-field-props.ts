/**
 * A money field as typed: text with the decimal keyboard, read by the one money rule
 * (schema/parse-money.ts), so '€ 1.234,56' and '1234.56' alike, which a number field
 * would refuse.
 */
export const MONEY_INPUT_PROPS = { inputMode: 'decimal', autoComplete: 'off' } as const
