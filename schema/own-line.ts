/**
 * A person who sees only their own sales (without sales.read.all: a SELLER) registers only
 * sales in which they hold a commission line; the wizard says so before the server would.
 */
export const OWN_LINE_REQUIRED =
  'Je kunt alleen verkopen registreren waarin je zelf een commissie hebt'

/** Whether one of the lines is this seller's. */
export function holdsOwnLine(
  lines: readonly { sellerId: string }[],
  sellerId: string | null | undefined,
): boolean {
  return Boolean(sellerId) && lines.some((line) => line.sellerId === sellerId)
}
