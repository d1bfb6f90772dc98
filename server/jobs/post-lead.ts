import { isIP } from 'node:net'
import { Agent, type Dispatcher, fetch } from 'undici'
import { createPublicLookup, isPublicAddress } from '../integrations/is-public-address.ts'

// One lead sent to an organisation's CRM webhook. Its own module so that undici is loaded
// with the first delivery, not into every idle server (decision 009).

const TIMEOUT_MS = 10_000

/** What became of one delivery attempt. */
export type Outcome =
  | { kind: 'delivered'; opportunityId: string | null }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string }

export const NOT_PUBLIC = 'Webhook-adres is niet publiek bereikbaar (geweigerd)'

/**
 * The connections lead deliveries go through. Unless private webhooks are allowed, the
 * address is checked by the lookup that the connection itself uses: what was checked is
 * what is connected to, so a name that answers public first and private next (DNS
 * rebinding) cannot reach inside. `resolve` is for tests.
 */
export function createWebhookDispatcher(
  allowPrivate: boolean,
  resolve?: Parameters<typeof createPublicLookup>[0],
): Dispatcher {
  return allowPrivate
    ? new Agent()
    : new Agent({ connect: { lookup: createPublicLookup(resolve) } })
}

/** An IP address in the URL itself is never looked up: it is checked here instead. */
export function isLiteralPrivate(url: string) {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '')
  return isIP(host) !== 0 && !isPublicAddress(host)
}

/** Sends one lead through `dispatcher` and says what became of it. */
export async function postLead(
  dispatcher: Dispatcher,
  url: string,
  apiKey: string | null,
  outboxId: string,
  payload: unknown,
): Promise<Outcome> {
  try {
    const response = await fetch(url, {
      dispatcher,
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        // The receiver can drop a repeat: a crash between its answer and our record
        // would otherwise send the lead twice.
        'idempotency-key': outboxId,
        ...(apiKey && { authorization: `Bearer ${apiKey}` }),
      },
      body: JSON.stringify(payload),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    })
    const text = await response.text()
    if (response.ok) {
      let answer: Record<string, unknown> = {}
      try {
        answer = JSON.parse(text)
      } catch {}
      const id = answer.opportunityId ?? answer.id ?? (answer.opportunity as { id?: unknown })?.id
      return { kind: 'delivered', opportunityId: id === undefined ? null : String(id) }
    }
    const error = `HTTP ${response.status}: ${text.slice(0, 200)}`
    return response.status >= 500 || response.status === 429
      ? { kind: 'retry', error }
      : { kind: 'failed', error }
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause
    if (cause?.code === 'EPRIVATEADDRESS') return { kind: 'failed', error: NOT_PUBLIC }
    return { kind: 'retry', error: error instanceof Error ? error.message : String(error) }
  }
}
