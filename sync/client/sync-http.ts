import type { SyncArea } from '../account.ts'
import { EPOCH_HEADER, RESTORED_HEADER } from '../account.ts'
import {
  formatSyncAccount,
  OTHER_ACCOUNT_HEADER,
  type PullResponse,
  type PushResponse,
  SYNC_ACCOUNT_HEADER,
  SYNC_PROTOCOL_VERSION,
  type WireDocument,
} from '../protocol.ts'
import { learnEpoch, readKnownEpoch } from './organisation-epoch.ts'
import { noteServerDate } from './server-clock.ts'
import { isSignedInAs } from './signed-in-account.ts'
import type { SyncStatusStore } from './sync-status.ts'

// The only place in the web app that knows the replication URLs (docs/architecture.md, Replication).
const BASE = `/api/sync/v${SYNC_PROTOCOL_VERSION}`

/** GET /api/sync/v1/stream: the Server-Sent Events of the organisation. */
export const SYNC_STREAM_URL = `${BASE}/stream`

/** A sync call that got an answer other than 2xx. */
export class SyncHttpError extends Error {
  constructor(
    readonly status: number,
    body: string,
  ) {
    super(`${status}: ${body}`)
  }
}

/**
 * Reports 426, 401, another account's 409 and a restore's 409 to the status store: they
 * need the person (or, after a restore, emptying the database), not a retry.
 */
export function noteResponseStatus(response: Response, syncStatus: SyncStatusStore) {
  const restoredAt = Number(response.headers.get(RESTORED_HEADER))
  if (response.status === 426) syncStatus.setProblem('outdated')
  else if (response.status === 401) syncStatus.setProblem('signed-out')
  else if (response.headers.has(OTHER_ACCOUNT_HEADER)) syncStatus.setProblem('other-account')
  else if (response.status === 409 && restoredAt > 0) {
    syncStatus.update({ problem: 'restored', restoredAt })
  }
}

/**
 * Whose local database a call is for: the server refuses it under anyone else's session,
 * and with `area` the page does not even send it once it knows someone else signed in.
 */
export type SyncAccount = { organisationId: string; userId: string; area?: SyncArea }

/** A call not sent: this page's session of the area belongs to someone else now. */
export class AccountChangedError extends Error {
  constructor() {
    super('Niet verstuurd: op dit apparaat is intussen iemand anders ingelogd')
  }
}

/**
 * How calls reach the server: the page's own fetch against its own origin, or (replication
 * outside a browser, as the convergence tests run it) a fetch with its own cookies and an
 * absolute origin.
 */
export type SyncTransport = { origin: string; fetch: typeof fetch }

const PAGE_TRANSPORT: SyncTransport = { origin: '', fetch: (...args) => fetch(...args) }

async function requestJson<T>(
  url: string,
  syncStatus: SyncStatusStore,
  account: SyncAccount,
  init?: RequestInit,
  transport: SyncTransport = PAGE_TRANSPORT,
) {
  if (account.area && !isSignedInAs(account.area, account)) {
    syncStatus.setProblem('other-account')
    throw new AccountChangedError()
  }
  const named = formatSyncAccount(account)
  const area = account.area ?? 'central'
  const epoch = readKnownEpoch(area, named)
  const response = await transport.fetch(`${transport.origin}${url}`, {
    credentials: 'include',
    cache: 'no-store',
    ...init,
    headers: {
      ...init?.headers,
      [SYNC_ACCOUNT_HEADER]: named,
      ...(epoch !== undefined && { [EPOCH_HEADER]: epoch }),
    },
  })
  noteServerDate(response)
  noteResponseStatus(response, syncStatus)
  if (response.ok) learnEpoch(area, named, response.headers.get(EPOCH_HEADER))
  // A session that works again (signed in anew in another tab) clears the notice.
  const { problem } = syncStatus.get()
  if (response.ok && (problem === 'signed-out' || problem === 'other-account')) {
    syncStatus.setProblem(null)
  }
  if (!response.ok) {
    throw new SyncHttpError(response.status, await response.text().catch(() => ''))
  }
  return (await response.json()) as T
}

/** One page of a collection's changes after `seq`, read under the rights named `access`. */
export function fetchPull(
  collection: string,
  seq: number,
  limit: number,
  status: SyncStatusStore,
  account: SyncAccount,
  transport?: SyncTransport,
  access?: string,
) {
  const query = new URLSearchParams({ checkpoint: String(seq), limit: String(limit) })
  if (access) query.set('access', access)
  return requestJson<PullResponse>(
    `${BASE}/${collection}/pull?${query}`,
    status,
    account,
    undefined,
    transport,
  )
}

/** Sends a push batch; the answer carries conflicts (stored states) and refused writes. */
export function fetchPush(
  collection: string,
  rows: { newDocumentState: WireDocument; assumedMasterState?: WireDocument }[],
  status: SyncStatusStore,
  account: SyncAccount,
  transport?: SyncTransport,
) {
  return requestJson<PushResponse>(
    `${BASE}/${collection}/push`,
    status,
    account,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ rows }),
    },
    transport,
  )
}
