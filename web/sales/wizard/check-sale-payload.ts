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

/** A made-up sale with every field and one line: parsing it prepares each part of the schema. */
const SAMPLE_SALE = {
  projectId: '00000000-0000-7000-8000-000000000000',
  clientName: 'Voorbeeld',
  clientEmail: 'voorbeeld@example.com',
  clientPhone: '0612345678',
  propertyNumber: '1',
  saleDate: '2026-01-01',
  deliveryDate: '2026-06-01',
  salePrice: 100_000_00,
  commissionPercentage: 2,
  commissionAmount: 2000_00,
  totalCosts: 0,
  costsDescription: '',
  discountPercentage: 0,
  notes: '',
  commissions: [
    {
      sellerId: '00000000-0000-7000-8000-000000000000',
      role: 'Closer',
      commissionType: 'sales',
      commissionPercentage: 100,
      commissionAmount: 2000_00,
    },
  ],
}

/**
 * Parses a made-up sale once, for the wizard to call in an idle moment: zod prepares a
 * schema on its first parse (a few ms here, tens on a slow phone), which the press would
 * otherwise wait on (measurements/040). True: the sample passed, so every part was prepared.
 */
export function prepareSaleCheck(): boolean {
  return SaleCreateSchema.safeParse(SAMPLE_SALE).success
}
