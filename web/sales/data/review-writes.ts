import { api } from '../../lib/api-client.ts'
import { isQueuedResponse } from '../../lib/api-request.ts'

// "Goedkeuren" and "Afwijzen" of a sale under review (schema/sale-review.ts). The review is
// the server's field alone, so these go by REST, not as an edit of the local sale; without
// a connection the offline queue keeps the call and sends it when the connection returns
// (the same Idempotency-Key, so once). The sale shows its new state when it comes back
// from the server.

/** What became of the call: sent, or kept in the offline queue. */
export type ReviewWriteResult = { isQueued: boolean }

/**
 * "Goedkeuren": its lines count and can be paid from now on. `seq` is the sale as shown:
 * the server refuses the approval when the sale changed since (its SELLER's correction).
 */
export async function approveSale(id: string, seq: number): Promise<ReviewWriteResult> {
  const response = await api['gold-estates'].sales[':id'].approve.$post({
    param: { id },
    json: { seq },
  })
  return { isQueued: isQueuedResponse(response) }
}

/**
 * "Afwijzen": back to its SELLER with the reason (3 to 500 characters). `seq` as for
 * approveSale: a sale changed since it was shown is not sent back unseen.
 */
export async function rejectSale(
  id: string,
  seq: number,
  reason: string,
): Promise<ReviewWriteResult> {
  const response = await api['gold-estates'].sales[':id'].reject.$post({
    param: { id },
    json: { seq, reason },
  })
  return { isQueued: isQueuedResponse(response) }
}
