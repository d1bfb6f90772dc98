import { expect, test, vi } from 'vitest'
import {
  APP_CONNECTIONS,
  createTestAppConnections,
  replicateAppConnections,
} from '../support/app-connections-collection.ts'
import { appDocument } from '../support/app-document.ts'
import { createResyncStream } from '../support/sync-node-client.ts'

// A replication cancelled while a push waits out its retry backoff (a restore was heard,
// the person signed out) must send nothing more: the tab that heard a restore cancels its
// replications before the database is emptied, and a push going on afterwards would carry
// a change of before the restore (decision 008, "A push that forgot its epoch").

const definition = APP_CONNECTIONS
const BACKOFF_MS = 400

test('a push waiting out its backoff when the replication is cancelled is never sent', async () => {
  const device = await createTestAppConnections('cancelled-push')
  const { collection } = device
  const row = appDocument('a', 7)
  const pushes: number[] = []
  const fetch = vi.fn(async (input: string | URL | Request) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith('/pull')) {
      const from = Number(url.searchParams.get('checkpoint'))
      const documents = from < 7 ? [row] : []
      return Response.json({ documents, checkpoint: { seq: 7, access: 'rights' }, upTo: 7 })
    }
    pushes.push(Date.now())
    return new Response('unavailable', { status: 503 })
  })
  const replication = await replicateAppConnections(device, {
    fetch: fetch as typeof globalThis.fetch,
    stream: createResyncStream([definition.remote]).stream,
    retryTiming: { retryMs: 10, firstBackoffMs: BACKOFF_MS, maxBackoffMs: BACKOFF_MS },
  })

  // The clock is the test's from the edit on: the push fails; RxDB calls the handler again
  // after 10 ms, which then waits out its backoff.
  vi.useFakeTimers()
  try {
    await (await collection.findOne('a').exec())?.incrementalPatch({ name: 'Offline gewijzigd' })
    await vi.waitFor(() => expect(pushes).toHaveLength(1))
    await vi.advanceTimersByTimeAsync(BACKOFF_MS / 4)
    await replication.cancel()
    // Well past the end of the backoff: a push still going on would have been sent by now.
    await vi.advanceTimersByTimeAsync(BACKOFF_MS * 10)
  } finally {
    vi.useRealTimers()
  }
  expect(pushes).toHaveLength(1)
})
