import { expect } from 'vitest'
import type { Client } from './http.ts'

// The replication calls API tests make as a device would: a whole pull, one pulled sale,
// pushed rows.

/** A replicated document as a pull answers it and a push sends it. */
export type SyncDoc = Record<string, unknown> & { id: string; _deleted: boolean }

/** Every document of `collection` that `client` pulls from the start (200 expected). */
export async function pullAll(client: Client, collection: string): Promise<SyncDoc[]> {
  const answer = await client.get(`/api/sync/v1/${collection}/pull?checkpoint=0&limit=1000`)
  expect(answer.status, answer.text).toBe(200)
  return answer.json.documents
}

/** The sale `client` pulls with this id; throws when it is not pulled. */
export async function pullSale(client: Client, saleId: string): Promise<SyncDoc> {
  const found = (await pullAll(client, 'sales')).find((doc) => doc.id === saleId)
  if (!found) throw new Error(`sale ${saleId} not pulled`)
  return found
}

/** `rows` pushed to `collection` as `client`; the answer. */
export function pushRows(
  client: Client,
  collection: string,
  rows: { newDocumentState: SyncDoc; assumedMasterState?: SyncDoc | null }[],
) {
  return client.post(`/api/sync/v1/${collection}/push`, { rows })
}
