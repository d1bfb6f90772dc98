// Who a call is for: free of zod, so that the signed-out pages, which need these to
// name the page's person on every call, load without it.

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
