import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { createSyncStatus } from '#sync/client/sync-status'
import { openSyncStream } from '#sync/client/sync-stream'

// The live stream of a local database: held by the replicating tab only, kept alive by the
// server's heartbeats and reopened when they stop.

class FakeEventSource {
  static readonly CLOSED = 2
  static opened: FakeEventSource[] = []
  readyState = 1
  onmessage: ((event: MessageEvent<string>) => void) | null = null
  onerror: (() => void) | null = null
  private listeners = new Map<string, () => void>()
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this)
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, listener)
  }
  heartbeat() {
    this.listeners.get('heartbeat')?.()
  }
  close() {
    this.readyState = FakeEventSource.CLOSED
  }
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeEventSource.opened = []
  vi.stubGlobal('EventSource', FakeEventSource)
  vi.stubGlobal('window', { addEventListener() {}, removeEventListener() {} })
  vi.stubGlobal('navigator', { onLine: true })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

test('a tab that does not replicate opens no stream', async () => {
  const stream = openSyncStream(['users'], createSyncStatus(), 'central', new Promise(() => {}))
  await vi.advanceTimersByTimeAsync(120_000)
  expect(FakeEventSource.opened).toHaveLength(0)
  stream.close()
})

test('heartbeats keep the stream; a minute of silence reopens it', async () => {
  const stream = openSyncStream(['users'], createSyncStatus(), 'sales', Promise.resolve())
  await vi.advanceTimersByTimeAsync(0)
  expect(FakeEventSource.opened.map((source) => source.url)).toEqual([
    '/api/sync/v1/stream?area=sales&documents=1',
  ])
  for (let beat = 0; beat < 4; beat++) {
    await vi.advanceTimersByTimeAsync(25_000)
    FakeEventSource.opened[0]?.heartbeat()
  }
  expect(FakeEventSource.opened).toHaveLength(1)
  // The heartbeats stop (a half-open connection): the stream is opened again.
  await vi.advanceTimersByTimeAsync(61_000)
  expect(FakeEventSource.opened).toHaveLength(2)
  expect(FakeEventSource.opened[0]?.readyState).toBe(FakeEventSource.CLOSED)
  stream.close()
})
