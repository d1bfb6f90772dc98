import type { SellerDocument } from '#schema/sales'

/** The choices of a seller select: an empty first choice, then each seller with their role. */
export function getSellerOptions(sellers: readonly SellerDocument[], emptyLabel: string) {
  return [
    { value: '', label: emptyLabel },
    ...sellers.map((seller) => ({
      value: seller.id,
      label: seller.role ? `${seller.name} (${seller.role})` : seller.name,
    })),
  ]
}
