import { holdsOwnLine, OWN_LINE_REQUIRED } from '#schema/own-line'
import { SaleCreateSchema } from '#schema/sales'
import { type SaleForm, type SalePayload, toSalePayload } from './sale-form.ts'

type Checked = { ok: true; payload: SalePayload } | { ok: false; message: string }

/**
 * The payload, checked here with the server's own schema: a sale saved offline is
 * validated by the server only later, so whatever it would refuse is caught before.
 */
export function checkSalePayload(
  form: SaleForm,
  ownSeller: { sellerId: string } | undefined,
): Checked {
  const payload = toSalePayload(form)
  if (ownSeller && !holdsOwnLine(payload.commissions, ownSeller.sellerId)) {
    return { ok: false, message: OWN_LINE_REQUIRED }
  }
  const parsed = SaleCreateSchema.safeParse(payload)
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Failed to create sale' }
  }
  return { ok: true, payload }
}
