/** What a line needs for the office's remainder: the server's rows and the devices' documents. */
export type OfficeShareLine = {
  commissionType: string
  kind: string
  status: string
  commissionAmount: number
}

/**
 * The office's remainder on a sale from plans (decision 039): the net commission minus the
 * sales team's standing lines. A tier crossing's adjustments count with the line they adjust,
 * so a retroactive adjustment changes the remainder; a clawback takes back what was paid and
 * leaves the split as it was. Extra shares (Aanbreng, managers) are not the team's: the
 * remainder is what the plans do not give the team.
 */
export function computeOfficeShare(
  netCommission: number,
  lines: readonly OfficeShareLine[],
): number {
  const teamTotal = lines
    .filter(
      (line) =>
        line.commissionType === 'sales' && line.kind !== 'clawback' && line.status !== 'cancelled',
    )
    .reduce((sum, line) => sum + line.commissionAmount, 0)
  return netCommission - teamTotal
}
