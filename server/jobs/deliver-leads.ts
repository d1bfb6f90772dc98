import { and, asc, eq, lte } from 'drizzle-orm'
import { sales, salesSettings, webhookOutbox } from '#schema/db/organisation'
import type { AppDeps } from '../app-deps.ts'
import { getSecretBox } from '../auth/secret-box.ts'
import { readCrmKey } from '../services/sales/crm-key.ts'
import type { JobGate } from './job-gate.ts'
import type { Outcome } from './post-lead.ts'
import { repeatWithoutOverlap } from './repeat-without-overlap.ts'

const TICK_MS = 500
const MAX_BACKOFF_MS = 5 * 60 * 1000
const RATE_LIMIT = { requests: 100, windowMs: 10_000 }

type Sending = {
  lead: typeof import('./post-lead.ts')
  dispatcher: import('undici').Dispatcher
}

/**
 * Delivers CRM leads from every organisation's outbox: retries network errors and 5xx
 * with exponential backoff, stops on 4xx with the reason, records the opportunity id on
 * the sale, and keeps within 100 requests per 10 seconds. State lives in the outbox
 * rows, so a restart picks up where it stopped. Several processes on one DATA_DIR each
 * look at the outboxes; one delivers an organisation's due leads at a time, under its
 * lock (JobGate), and reads them again once it holds it, so a lead another process just
 * delivered is not sent twice. While Redis cannot be asked, no lead is sent: they wait in
 * the outbox, where a second process could otherwise pick up the same one.
 */
export function startLeadDelivery(
  deps: Pick<AppDeps, 'env' | 'systemDb' | 'organisations' | 'log'> & { jobs: JobGate },
) {
  const sent: number[] = []
  const inFlight = new Set<string>()
  // The sending side (undici) is loaded with the first lead to send.
  let sending: Promise<Sending> | null = null
  const send = () => {
    sending ??= import('./post-lead.ts').then((lead) => ({
      lead,
      dispatcher: lead.createWebhookDispatcher(deps.env.ALLOW_PRIVATE_WEBHOOKS),
    }))
    return sending
  }
  const box = getSecretBox(deps.env)
  // Every organisation is looked at once after a start; later, the open files (a sale was
  // just registered in one of them).
  // (Read at the first tick, the system directory being asynchronous; a failure is
  // logged and the read tried again at the next.)
  let toScan: string[] | 'all' = 'all'

  async function deliver(organisationId: string, row: typeof webhookOutbox.$inferSelect) {
    const db = deps.organisations.get(organisationId)
    const settings = db.select().from(salesSettings).get()
    const url = settings?.xmsWebhookUrl
    let outcome: Outcome
    if (!settings?.xmsEnabled || !url)
      outcome = { kind: 'failed', error: 'CRM-koppeling staat uit' }
    else {
      const { lead, dispatcher } = await send()
      outcome =
        !deps.env.ALLOW_PRIVATE_WEBHOOKS && lead.isLiteralPrivate(url)
          ? { kind: 'failed', error: lead.NOT_PUBLIC }
          : await lead.postLead(
              dispatcher,
              url,
              readCrmKey(db, box, organisationId),
              row.id,
              row.payload,
            )
    }
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

  const findDue = (organisationId: string) =>
    deps.organisations
      .get(organisationId)
      .select()
      .from(webhookOutbox)
      .where(and(eq(webhookOutbox.status, 'pending'), lte(webhookOutbox.nextAttemptAt, Date.now())))
      .orderBy(asc(webhookOutbox.nextAttemptAt))
      .limit(RATE_LIMIT.requests)
      .all()

  /** Delivers the organisation's due leads; false once the rate limit is reached. */
  async function deliverDue(organisationId: string) {
    for (const row of findDue(organisationId)) {
      while (sent.length > 0 && (sent[0] ?? 0) <= Date.now() - RATE_LIMIT.windowMs) sent.shift()
      if (sent.length >= RATE_LIMIT.requests) return false
      if (inFlight.has(row.id)) continue
      inFlight.add(row.id)
      sent.push(Date.now())
      await deliver(organisationId, row).finally(() => inFlight.delete(row.id))
    }
    return true
  }

  async function tick() {
    const scan = toScan === 'all' ? await deps.organisations.heldIds() : toScan
    const organisationIds = new Set([...scan, ...deps.organisations.openIds()])
    toScan = []
    for (const organisationId of organisationIds) {
      // The lock is asked for only when something is due; what is due is read again
      // under it.
      if (findDue(organisationId).length === 0) continue
      let hasRoom = true
      await deps.jobs.runAlone(
        'lead-delivery',
        organisationId,
        async () => {
          hasRoom = await deliverDue(organisationId)
        },
        'skip',
      )
      if (!hasRoom) return
    }
  }

  const stop = repeatWithoutOverlap(TICK_MS, tick, (error) =>
    deps.log.error('lead delivery failed', { error }),
  )
  /** Stops the job and waits for a delivery under way, so no write hits a closed file. */
  return async () => {
    await stop()
    await (await sending)?.dispatcher.close()
  }
}
