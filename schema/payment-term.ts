import { addDays } from 'date-fns/addDays'
import { format } from 'date-fns/format'
import { parseISO } from 'date-fns/parseISO'

/** Days from the sale date to the expected commission payment, unless the settings say otherwise. */
export const DEFAULT_PAYMENT_TERM_DAYS = 30

/**
 * When a sale's commission is expected (YYYY-MM-DD): on the delivery date when there is
 * one, otherwise the organisation's payment term after the sale date. The server sets it
 * on the lines it writes; the browser shows the same date on lines it has not sent yet.
 */
export function getExpectedPaymentDate(
  sale: { saleDate: string; deliveryDate: string | null | undefined },
  paymentTermDays: number = DEFAULT_PAYMENT_TERM_DAYS,
): string {
  return (
    sale.deliveryDate ?? format(addDays(parseISO(sale.saleDate), paymentTermDays), 'yyyy-MM-dd')
  )
}
