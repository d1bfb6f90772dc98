// Who a call is for: free of zod, so that the signed-out pages, which need these to
// name the page's person on every call, load without it.

/** Which session a call or a local database is for: the central admin area or Gold Estates. */
export type SyncArea = 'central' | 'sales'

/**
 * Header of every pull and push: `<organisationId>/<userId>` of the person whose local
 * database is replicating. The server refuses (409) a call whose session is someone else's,
 * so a database left open on a shared device never syncs as the next person.
 */
export const SYNC_ACCOUNT_HEADER = 'x-centraal-account'

/**
 * Header of the 409 that refuses a call made for another account than the session's, so
 * a caller tells it from a 409 about the data (a taken slug) and keeps the call waiting.
 */
export const OTHER_ACCOUNT_HEADER = 'x-centraal-other-account'

/** The value of SYNC_ACCOUNT_HEADER for an account. */
export function formatSyncAccount(account: { organisationId: string; userId: string }) {
  return `${account.organisationId}/${account.userId}`
}

/**
 * Header of every write and every sync call: the epoch of the organisation the device's
 * data belongs to (when a backup was last restored into it, epoch ms; 0 when never). The
 * server refuses (409, marked with RESTORED_HEADER) what was made in an earlier epoch.
 */
export const EPOCH_HEADER = 'x-centraal-epoch'

/** Header of the 409 that refuses a call of an earlier epoch: when the backup was restored. */
export const RESTORED_HEADER = 'x-centraal-restored'
