import { AppError } from '../../errors/app-error.ts'
import type { saleStatements } from './sale-statements.ts'

/**
 * Refuses a line whose seller is not in the organisation (400) or no longer active, each
 * with its path and a Dutch message naming the seller. `kept` are sellers the sale already
 * pays: a correction may keep a seller who left since, not add one.
 */
export function requireActiveSellers(
  statements: ReturnType<typeof saleStatements>,
  lines: readonly { sellerId: string }[],
  field: 'commissions' | 'splits',
  kept: ReadonlySet<string> = new Set(),
) {
  lines.forEach((line, index) => {
    const path = `${field}.${index}.sellerId`
    const seller = statements.liveSeller.get({ id: line.sellerId })
    const message = !seller
      ? 'Verkoper bestaat niet in deze organisatie'
      : seller.status !== 'active' && !kept.has(line.sellerId)
        ? `Verkoper ${seller.name} is niet actief`
        : undefined
    if (message) {
      throw new AppError('invalid_input', `${path}: ${message}`, { errors: [{ path, message }] })
    }
  })
}
