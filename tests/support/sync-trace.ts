import { appendFileSync } from 'node:fs'
import type { EventSourceLike, SyncStream } from '#sync/client/sync-stream'

// SYNC_TRACE=<file>: every test device's sync calls, stream events and ledger steps as JSON
// lines, to replay a failing convergence run (see tests/api/convergence.test.ts).
const TRACE_FILE = process.env.SYNC_TRACE

export const isTracing = TRACE_FILE !== undefined

/** One line of the trace, when tracing. */
export function trace(device: string, entry: Record<string, unknown>) {
  if (!TRACE_FILE) return
  appendFileSync(TRACE_FILE, `${JSON.stringify({ t: performance.now(), device, ...entry })}\n`)
}

/** A sync call and its answer (or failure), when tracing. */
export async function traceCall(
  device: string,
  url: string,
  init: RequestInit | undefined,
  call: Promise<Response>,
) {
  if (!isTracing || url.includes('/stream')) return call
  const body = init?.body ? JSON.parse(String(init.body)) : undefined
  try {
    const response = await call
    trace(device, { url, body, status: response.status, answer: await response.clone().text() })
    return response
  } catch (error) {
    trace(device, { url, body, error: String(error) })
    throw error
  }
}

/** The source with every message it delivers traced. */
export function traceSource<T extends EventSourceLike>(device: string, source: T): T {
  if (!isTracing) return source
  let handler: EventSourceLike['onmessage'] = null
  Object.defineProperty(source, 'onmessage', {
    get: () => handler,
    set(next: EventSourceLike['onmessage']) {
      handler =
        next &&
        ((event) => {
          trace(device, { stream: JSON.parse(event.data) })
          next(event)
        })
    },
  })
  return source
}

/** The stream with its ledger steps (take, caughtUp, forget) traced. */
export function traceLedger(device: string, stream: SyncStream): SyncStream {
  if (!isTracing) return stream
  return {
    ...stream,
    takeStreamed(remote, checkpoint) {
      const taken = stream.takeStreamed(remote, checkpoint)
      trace(device, { take: remote, checkpoint, taken })
      return taken
    },
    caughtUp(remote, upTo, access) {
      trace(device, { caughtUp: remote, upTo, access })
      stream.caughtUp(remote, upTo, access)
    },
    forget() {
      trace(device, { forget: true })
      stream.forget()
    },
  }
}
