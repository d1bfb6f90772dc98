import type { SalesData } from '#schema/sales-dashboard'

/** One sale with what belongs to it in the local data, or undefined when it is not there. */
export function findSaleRecord(data: SalesData, saleId: string) {
  const sale = data.sales.find((each) => each.id === saleId)
  if (!sale) return undefined
  const lines = data.commissions
    .filter((line) => line.saleId === saleId)
    .sort((a, b) => a.createdAt - b.createdAt || (a.id < b.id ? -1 : 1))
  const payments = (data.payments ?? []).filter((part) => part.saleId === saleId)
  const project = data.projects.find((each) => each.id === sale.projectId)
  return { sale, lines, payments, project }
}

export type SaleRecord = NonNullable<ReturnType<typeof findSaleRecord>>

/**
 * Whether payments of this sale are still on their way: parts booked or undone here that
 * the server has not counted into the sale's paid total yet. A correction carries that
 * total and would be refused until they arrive.
 */
export function hasPaymentsInTransit({ sale, lines, payments }: SaleRecord): boolean {
  if (payments.some((part) => part.seq === 0)) return true
  const paidHere = lines
    .filter((line) => line.kind !== 'clawback')
    .reduce((total, line) => total + line.paidAmount, 0)
  return paidHere !== sale.paidTotal
}

/** Whether anything has been paid on the sale. */
export const hasSalePayments = (record: SaleRecord) =>
  record.sale.paidTotal !== 0 || record.payments.length > 0
