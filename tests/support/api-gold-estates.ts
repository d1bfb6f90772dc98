import type { Project, Seller } from './answers.ts'
import type { Client } from './http.ts'

/** A Gold Estates project that `by` adds: its id (a refusal throws, with the answer). */
export async function addProject(by: Client, name: string) {
  const created = await by.post('/api/gold-estates/projects', { name })
  if (created.status !== 201) throw new Error(`project: ${created.status} ${created.text}`)
  return (created.json as Project).id
}

/** A Gold Estates seller (no sign-in) that `by` adds: its id (a refusal throws). */
export async function addSeller(
  by: Client,
  seller: { name: string; email?: string; phone?: string },
) {
  const created = await by.post('/api/gold-estates/sellers', seller)
  if (created.status !== 201) throw new Error(`seller: ${created.status} ${created.text}`)
  return (created.json as Seller).id
}

/** A sale changed as the sale screen changes it (PATCH …/sales/:id) by `client`: the answer. */
export const patchSale = (client: Client, saleId: string, body: unknown) =>
  client.request('PATCH', `/api/gold-estates/sales/${saleId}`, body)

/** A commission line marked `status` (paid, pending) by `client`, as the screens mark one. */
export const markLine = (client: Client, lineId: string, status: string) =>
  client.request('PATCH', `/api/gold-estates/commissions/${lineId}`, { status })
