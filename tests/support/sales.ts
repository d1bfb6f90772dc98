import { type CommissionType, calculateCommission } from '#schema/commission'
import { typedClient } from './typed-client.ts'

/** A wizard-style sale payload with the amounts the arithmetic gives. */
export function buildSalePayload(input: {
  projectId: string
  clientName?: string
  propertyNumber?: string
  salePrice: number
  commissionPercentage?: number
  discountPercentage?: number
  totalCosts?: number
  saleDate?: string
  deliveryDate?: string
  lines: { sellerId: string; commissionType?: CommissionType; percentage: number; role?: string }[]
}) {
  const commissionPercentage = input.commissionPercentage ?? 5
  const discountPercentage = input.discountPercentage ?? 0
  const totalCosts = input.totalCosts ?? 0
  const breakdown = calculateCommission({
    salePriceCents: input.salePrice,
    commissionPercentage,
    discountPercentage,
    costsCents: totalCosts,
    lines: input.lines.map((line) => ({
      commissionType: line.commissionType ?? 'sales',
      percentage: line.percentage,
    })),
  })
  return {
    projectId: input.projectId,
    clientName: input.clientName ?? 'Klant de Vries',
    clientEmail: 'klant@example.com',
    clientPhone: '0612345678',
    propertyNumber: input.propertyNumber ?? 'B-12',
    ...(input.saleDate && { saleDate: input.saleDate }),
    ...(input.deliveryDate && { deliveryDate: input.deliveryDate }),
    salePrice: input.salePrice,
    commissionPercentage,
    commissionAmount: breakdown.netCents,
    totalCosts,
    costsDescription: null,
    discountPercentage,
    commissions: input.lines.map((line, index) => ({
      sellerId: line.sellerId,
      role: line.role ?? null,
      commissionType: line.commissionType ?? 'sales',
      commissionPercentage: line.percentage,
      commissionAmount: breakdown.lineAmountsCents[index] ?? 0,
    })),
  }
}

/**
 * A correction as the sale screen sends it (PATCH …/sales/:id): Klant de Vries' sale of
 * B-12 without costs or discount; `fields` give its date, price, percentage, split and the
 * paid total the screen saw, and may set any other field.
 */
export function buildCorrection(fields: {
  saleDate: string
  salePrice: number
  commissionPercentage: number
  splits: unknown[]
  paidTotal: number
  propertyNumber?: string
}) {
  return {
    clientName: 'Klant de Vries',
    clientEmail: 'klant@example.com',
    clientPhone: '0612345678',
    propertyNumber: 'B-12',
    deliveryDate: null,
    totalCosts: 0,
    costsDescription: null,
    discountPercentage: 0,
    ...fields,
  }
}

/** A payment part as a device pushes it: booked there, not yet on the server (seq 0). */
export function buildPaymentPart(
  line: { id: string; saleId: string; sellerId: string },
  part: { id: string; amount: unknown; paidOn: string },
) {
  return {
    id: part.id,
    commissionId: line.id,
    saleId: line.saleId,
    sellerId: line.sellerId,
    amount: part.amount,
    paidOn: part.paidOn,
    note: null,
    createdBy: null,
    createdAt: 1,
    updatedAt: 1,
    seq: 0,
    _deleted: false,
  }
}

/** `by` registers a sale through the API; the sale as stored, typed from the route's answer. */
export async function postSale(
  server: { url: string },
  by: { cookies: ReadonlyMap<string, string> },
  payload: ReturnType<typeof buildSalePayload>,
) {
  const answer = await typedClient(server.url, by.cookies)['gold-estates'].sales.$post({
    json: payload,
  })
  if (answer.status !== 201) throw new Error(`sale: ${answer.status} ${await answer.text()}`)
  return answer.json()
}

/** Every commission line `by` may see, typed from the route's answer. */
export async function listCommissions(
  server: { url: string },
  by: { cookies: ReadonlyMap<string, string> },
) {
  const answer = await typedClient(server.url, by.cookies)['gold-estates'].commissions.$get()
  if (answer.status !== 200) throw new Error(`commissions: ${answer.status}`)
  return answer.json()
}

/** A commission line as the API answers it. */
export type CommissionLine = Awaited<ReturnType<typeof listCommissions>>[number]
