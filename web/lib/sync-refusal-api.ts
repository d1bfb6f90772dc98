import type { SyncRefusalScope } from '#schema/sync-refusals'
import type { SyncArea } from '#sync/account'
import { api } from './api-client.ts'

/** Each area's refused changes (GET ?scope=, POST /:id/dismiss), under that area's session. */
const SYNC_REFUSALS = {
  central: api['sync-refusals'],
  sales: api['gold-estates']['sync-refusals'],
}

/** The area's kept refusals: the person's own, or the whole organisation's. */
export async function listSyncRefusals(area: SyncArea, scope: SyncRefusalScope) {
  return (await SYNC_REFUSALS[area].$get({ query: { scope } })).json()
}

/** Marks a refusal read; offline the dismissal is queued (202) and sent later. */
export async function dismissSyncRefusal(area: SyncArea, id: string) {
  await SYNC_REFUSALS[area][':id'].dismiss.$post({ param: { id } })
}
