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
  if (ownSeller && !payload.commissions.some((line) => line.sellerId === ownSeller.sellerId)) {
    return {
      ok: false,
      message: 'Je kunt alleen verkopen registreren waarin je zelf een commissie hebt',
    }
  }
  const parsed = SaleCreateSchema.safeParse(payload)
  if (!parsed.success) {
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Failed to create sale' }
  }
  return { ok: true, payload }
}
