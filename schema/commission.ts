// The commission arithmetic of a sale (docs/behaviour.md, The sale wizard), shared by the wizard, the server and the
// tests. Exact: percentages are scaled to integers and products are BigInt, so a result
// never depends on floating-point rounding; each amount is rounded to whole cents, half up.

/** Kinds of commission line (docs/behaviour.md). */
export const COMMISSION_TYPES = ['sales', 'referral', 'manager', 'director'] as const
export type CommissionType = (typeof COMMISSION_TYPES)[number]

/** Extra commissions (referral, manager, director) above this total get a warning. */
export const EXTRA_COMMISSION_WARNING_PERCENTAGE = 50

/** What the wizard asks for: money in cents, percentages as shown (e.g. 2.5). */
export type CommissionInput = {
  salePriceCents: number
  commissionPercentage: number
  discountPercentage: number
  costsCents: number
  lines: readonly { commissionType: CommissionType; percentage: number }[]
}

/** The computed amounts, all in whole cents. */
export type CommissionBreakdown = {
  grossCents: number
  discountCents: number
  /** gross − discount − costs, never below zero. */
  netCents: number
  lineAmountsCents: number[]
  salesTeamPercentage: number
  extraPercentage: number
  isExtraAboveWarning: boolean
}

// Percentages carry up to 4 decimals: 2.5 % → 25_000 per million.
const PERCENT_SCALE = 10_000n
const HUNDRED = 100n * PERCENT_SCALE

function toScaledPercentage(percentage: number) {
  return BigInt(Math.round(percentage * Number(PERCENT_SCALE)))
}

/** numerator / denominator rounded half up, for non-negative values. */
function divideRounded(numerator: bigint, denominator: bigint) {
  return (2n * numerator + denominator) / (2n * denominator)
}

function sumPercentages(values: number[]) {
  const scaled = values.reduce((sum, value) => sum + toScaledPercentage(value), 0n)
  return Number(scaled) / Number(PERCENT_SCALE)
}

/**
 * gross = price × commission % / 100; net = gross − gross × discount % / 100 − costs
 * (not below zero); each line = net × its % / 100. Lines are computed from the rounded
 * net that the person sees, so a single 100 % line equals the net exactly.
 */
export function calculateCommission(input: CommissionInput): CommissionBreakdown {
  const price = BigInt(Math.round(input.salePriceCents))
  const commission = toScaledPercentage(input.commissionPercentage)
  const discount = toScaledPercentage(input.discountPercentage)
  const grossCents = divideRounded(price * commission, HUNDRED)
  const discountCents = divideRounded(price * commission * discount, HUNDRED * HUNDRED)
  const net = grossCents - discountCents - BigInt(Math.round(input.costsCents))
  const netCents = net > 0n ? net : 0n
  const lineAmountsCents = input.lines.map((line) =>
    Number(divideRounded(netCents * toScaledPercentage(line.percentage), HUNDRED)),
  )
  const salesTeamPercentage = sumPercentages(
    input.lines.filter((line) => line.commissionType === 'sales').map((line) => line.percentage),
  )
  const extraPercentage = sumPercentages(
    input.lines.filter((line) => line.commissionType !== 'sales').map((line) => line.percentage),
  )
  return {
    grossCents: Number(grossCents),
    discountCents: Number(discountCents),
    netCents: Number(netCents),
    lineAmountsCents,
    salesTeamPercentage,
    extraPercentage,
    isExtraAboveWarning: extraPercentage > EXTRA_COMMISSION_WARNING_PERCENTAGE,
  }
}

/**
 * calculateCommission of a sale as the API and the database name its fields (money in
 * cents), with its lines' percentages.
 */
export function calculateSaleCommission(
  sale: {
    salePrice: number
    commissionPercentage: number
    discountPercentage: number
    totalCosts: number
  },
  lines: readonly { commissionType: CommissionType; commissionPercentage: number }[],
): CommissionBreakdown {
  return calculateCommission({
    salePriceCents: sale.salePrice,
    commissionPercentage: sale.commissionPercentage,
    discountPercentage: sale.discountPercentage,
    costsCents: sale.totalCosts,
    lines: lines.map((line) => ({
      commissionType: line.commissionType,
      percentage: line.commissionPercentage,
    })),
  })
}
