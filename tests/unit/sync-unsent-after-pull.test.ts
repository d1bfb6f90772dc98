import { expect, test, vi } from 'vitest'
import { findUnsentChanges, type UnsentDocument } from '#sync/client/unsent-changes'
import type { WireDocument } from '#sync/protocol'
import {
  APP_CONNECTIONS,
  createTestAppConnections,
  replicateAppConnections,
} from '../support/app-connections-collection.ts'
import { newAppDocument } from '../support/app-document.ts'
import { createResyncStream } from '../support/sync-node-client.ts'

// A change the server took, then brought back by the pull with the server's fields (its
// seq): the pull writes the device's copy first and the state RxDB assumes the server
// holds a moment later. Counted in that moment, the copy looked unsent, and a logout then
// asked about a change that was on the server (the shared-device browser test saw it).

test('a copy the pull wrote from the server never counts as unsent, not even between its two writes', async () => {
  const device = await createTestAppConnections('unsent-after-pull')
  const { collection } = device
  let stored: WireDocument | undefined
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    if (url.pathname.endsWith('/pull')) {
      const from = Number(url.searchParams.get('checkpoint'))
      const documents = stored && (stored.seq as number) > from ? [stored] : []
      const seq = Math.max(from, (stored?.seq as number | undefined) ?? 0)
      return Response.json({ documents, checkpoint: { seq, access: 'rights' }, upTo: seq })
    }
    const { rows } = JSON.parse(String(init?.body)) as {
      rows: { newDocumentState: WireDocument }[]
    }
    // The server takes the new app and gives it its seq.
    stored = { ...rows[0]?.newDocumentState, seq: 50 } as WireDocument
    return Response.json({ conflicts: [], refused: [] })
  })
  const stream = createResyncStream([APP_CONNECTIONS.remote])
  const replication = await replicateAppConnections(device, {
    fetch: fetch as typeof globalThis.fetch,
    stream: stream.stream,
  })

  await collection.insert(newAppDocument({ id: 'n', name: 'Nieuw', url: 'https://n.example.com' }))
  await vi.waitFor(() => expect(stored).toBeDefined())
  await replication.awaitInSync()
  expect(await findUnsentChanges(replication, APP_CONNECTIONS)).toEqual([])

  // Counted the moment the pull's copy is written, before RxDB stores what it assumes.
  const counted: Promise<UnsentDocument[] | undefined>[] = []
  const subscription = collection.$.subscribe((event) => {
    if (event.documentId === 'n' && (event.documentData as WireDocument).seq === 50) {
      counted.push(findUnsentChanges(replication, APP_CONNECTIONS))
    }
  })
  stream.resync()
  await vi.waitFor(() => expect(counted).toHaveLength(1))
  subscription.unsubscribe()
  expect(await counted[0]).toEqual([])
  await replication.cancel()
})
