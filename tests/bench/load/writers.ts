import { describeFailure, send } from './load-http.ts'
import type { LoadOrganisation } from './messages.ts'

/** One sale registered by REST: when its request started and how long it took. */
export type Write = {
  organisationId: string
  startedAt: number
  durationMs: number
  /** The new sale's id; undefined when the request failed. */
  id: string | undefined
  /** Why it failed: the status, or the error's code or message. */
  failure?: string
}

let serial = 0

/** Registers one sale in the organisation, as the sale wizard does. */
export async function writeSale(url: string, organisation: LoadOrganisation): Promise<Write> {
  serial++
  const startedAt = performance.now()
  const body = {
    ...organisation.saleTemplate,
    clientName: `Klant ${serial}`,
    propertyNumber: `L-${serial}`,
  }
  let id: string | undefined
  let failure: string | undefined
  try {
    const answer = await send(`${url}/api/gold-estates/sales`, {
      method: 'POST',
      cookie: organisation.writerCookie,
      json: body,
      headers: { 'idempotency-key': `load-${process.pid}-${serial}` },
    })
    if (answer.status === 201) id = (JSON.parse(answer.text) as { id: string }).id
    else failure = `write ${describeFailure(answer)}`
  } catch (error) {
    failure = `write ${(error as { code?: string }).code ?? (error as Error).message}`
  }
  return {
    organisationId: organisation.id,
    startedAt,
    durationMs: performance.now() - startedAt,
    id,
    failure,
  }
}

/**
 * Writes at a fixed total rate, open-loop (a slow answer never delays the next write),
 * round-robin over the organisations, until `isDone()`. Resolves with every write once the
 * last answer is in.
 */
export async function writeAtRate(
  url: string,
  organisations: LoadOrganisation[],
  rate: number,
  isDone: () => boolean,
) {
  const started = performance.now()
  const pending: Promise<Write>[] = []
  let issued = 0
  while (!isDone()) {
    const due = Math.floor(((performance.now() - started) * rate) / 1000) + 1
    while (issued < due) {
      pending.push(writeSale(url, organisations[issued % organisations.length]!))
      issued++
    }
    const nextAt = started + (issued * 1000) / rate
    await new Promise((resolve) => setTimeout(resolve, Math.max(1, nextAt - performance.now())))
  }
  return Promise.all(pending)
}
