/** Cents as the amount field shows them: 414635 → '4146,35' (read back by parseMoneyToCents). */
export function toMoneyInput(cents: number): string {
  const whole = Math.trunc(cents / 100)
  const rest = String(Math.abs(cents % 100)).padStart(2, '0')
  return `${whole},${rest}`
}
