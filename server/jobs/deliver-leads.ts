import { isIP } from 'node:net'
import { and, asc, eq, lte } from 'drizzle-orm'
import { Agent, type Dispatcher, fetch } from 'undici'
import { sales, salesSettings, webhookOutbox } from '#schema/db/organisation'
import { organizations } from '#schema/db/system'
import { getSecretBox } from '../auth/secret-box.ts'
import type { AppDeps } from '../context.ts'
import { createPublicLookup, isPublicAddress } from '../integrations/is-public-address.ts'
import { readCrmKey } from '../services/sales/crm-key.ts'

const TICK_MS = 500
const MAX_BACKOFF_MS = 5 * 60 * 1000
const RATE_LIMIT = { requests: 100, windowMs: 10_000 }
const TIMEOUT_MS = 10_000

/** What became of one delivery attempt. */
export type Outcome =
  | { kind: 'delivered'; opportunityId: string | null }
  | { kind: 'retry'; error: string }
  | { kind: 'failed'; error: string }

const NOT_PUBLIC = 'Webhook-adres is niet publiek bereikbaar (geweigerd)'

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
function isLiteralPrivate(url: string) {
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

/**
 * Delivers CRM leads from every organisation's outbox: retries network errors and 5xx
 * with exponential backoff, stops on 4xx with the reason, records the opportunity id on
 * the sale, and keeps within 100 requests per 10 seconds. State lives in the outbox
 * rows, so a restart picks up where it stopped.
 */
export function startLeadDelivery(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'organisations' | 'log'>,
) {
  const sent: number[] = []
  const inFlight = new Set<string>()
  const dispatcher = createWebhookDispatcher(deps.env.ALLOW_PRIVATE_WEBHOOKS)
  const box = getSecretBox(deps.env)
  // Every organisation is looked at once after a start; later, the open files (a sale was
  // just registered in one of them).
  let toScan = deps.systemDb
    .select({ id: organizations.id })
    .from(organizations)
    .all()
    .map((row) => row.id)

  async function deliver(organisationId: string, row: typeof webhookOutbox.$inferSelect) {
    const db = deps.organisations.get(organisationId)
    const settings = db.select().from(salesSettings).get()
    const url = settings?.xmsWebhookUrl
    let outcome: Outcome
    if (!settings?.xmsEnabled || !url)
      outcome = { kind: 'failed', error: 'CRM-koppeling staat uit' }
    else if (!deps.env.ALLOW_PRIVATE_WEBHOOKS && isLiteralPrivate(url)) {
      outcome = { kind: 'failed', error: NOT_PUBLIC }
    } else
      outcome = await postLead(
        dispatcher,
        url,
        readCrmKey(db, box, organisationId),
        row.id,
        row.payload,
      )
    const now = Date.now()
    const current = deps.organisations.get(organisationId)
    const attempts = row.attempts + 1
    if (outcome.kind === 'delivered') {
      current.transaction((tx) => {
        tx.update(webhookOutbox)
          .set({ status: 'delivered', attempts, deliveredAt: now, lastError: null })
          .where(eq(webhookOutbox.id, row.id))
          .run()
        tx.update(sales)
          .set({ xmsSynced: true, xmsOpportunityId: outcome.opportunityId })
          .where(eq(sales.id, row.saleId))
          .run()
      })
    } else {
      const backoff = Math.min(MAX_BACKOFF_MS, deps.env.WEBHOOK_RETRY_BASE_MS * 2 ** (attempts - 1))
      current
        .update(webhookOutbox)
        .set({
          status: outcome.kind === 'retry' ? 'pending' : 'failed',
          attempts,
          lastError: outcome.error,
          nextAttemptAt: now + backoff,
        })
        .where(eq(webhookOutbox.id, row.id))
        .run()
      deps.log.info('lead delivery not done', {
        organisationId,
        outboxId: row.id,
        outcome: outcome.kind,
        attempts,
      })
    }
  }

  async function tick() {
    const organisationIds = new Set([...toScan, ...deps.organisations.openIds()])
    toScan = []
    const now = Date.now()
    for (const organisationId of organisationIds) {
      const due = deps.organisations
        .get(organisationId)
        .select()
        .from(webhookOutbox)
        .where(and(eq(webhookOutbox.status, 'pending'), lte(webhookOutbox.nextAttemptAt, now)))
        .orderBy(asc(webhookOutbox.nextAttemptAt))
        .limit(RATE_LIMIT.requests)
        .all()
      for (const row of due) {
        while (sent.length > 0 && (sent[0] ?? 0) <= Date.now() - RATE_LIMIT.windowMs) sent.shift()
        if (sent.length >= RATE_LIMIT.requests) return
        if (inFlight.has(row.id)) continue
        inFlight.add(row.id)
        sent.push(Date.now())
        await deliver(organisationId, row).finally(() => inFlight.delete(row.id))
      }
    }
  }

  let running: Promise<void> | null = null
  const timer = setInterval(() => {
    if (running) return
    running = tick()
      .catch((error) => deps.log.error('lead delivery failed', { error }))
      .finally(() => {
        running = null
      })
  }, TICK_MS)
  timer.unref()
  /** Stops the job and waits for a delivery under way, so no write hits a closed file. */
  return async () => {
    clearInterval(timer)
    await running
    await dispatcher.close()
  }
}
