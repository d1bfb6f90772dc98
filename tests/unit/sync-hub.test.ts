import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { type ChangeBatch, SyncHub } from '#server/replication/sync-hub'

let seq = 0
let epoch = 0
const createHub = () => new SyncHub({ readSeq: () => seq, readEpoch: async () => epoch })

beforeEach(() => {
  vi.useFakeTimers()
  seq = 10
  epoch = 0
})
afterEach(() => vi.useRealTimers())

test('a stream that unsubscribes twice does not silence the streams opened after it', async () => {
  const hub = createHub()
  const heard: string[] = []
  const unsubscribeOld = hub.subscribe('org', () => heard.push('old'))
  // The old stream ends (onAbort), a new one opens, then the old one's loop ends too.
  unsubscribeOld()
  hub.subscribe('org', () => heard.push('new'))
  unsubscribeOld()
  hub.notify('org')
  await vi.runAllTimersAsync()
  expect(heard).toEqual(['new'])
  expect(hub.listenerCount).toBe(1)
})

test('each listener hears every seq after it subscribed, in contiguous ranges, a burst as one', async () => {
  const hub = createHub()
  const ranges: [number, number][] = []
  hub.subscribe('org', (batch) => ranges.push([batch.from, batch.to]))
  seq = 12
  hub.notify('org')
  seq = 13
  hub.notify('org') // the same burst: told together
  await vi.runAllTimersAsync()
  seq = 15
  hub.notify('org')
  await vi.runAllTimersAsync()
  hub.notify('org') // nothing committed (a sign-out): still told, an empty range
  await vi.runAllTimersAsync()
  expect(ranges).toEqual([
    [10, 13],
    [13, 15],
    [15, 15],
  ])
})

test('listeners of a batch share one reading per key; another organisation hears nothing', async () => {
  const hub = createHub()
  let readings = 0
  const texts: string[] = []
  const listen = () => (batch: ChangeBatch) =>
    texts.push(batch.readOnce('admins', () => `reading ${++readings}`))
  hub.subscribe('org', listen())
  hub.subscribe('org', listen())
  const other: ChangeBatch[] = []
  hub.subscribe('other', (batch) => other.push(batch))
  seq = 11
  hub.notify('org')
  await vi.runAllTimersAsync()
  expect(texts).toEqual(['reading 1', 'reading 1'])
  expect(other).toEqual([])
})

test('a listener that throws does not keep the others from hearing', async () => {
  const errors: unknown[] = []
  const hub = new SyncHub({
    readSeq: () => seq,
    readEpoch: async () => epoch,
    onError: (error) => errors.push(error),
  })
  const heard: number[] = []
  hub.subscribe('org', () => {
    throw new Error('broken listener')
  })
  hub.subscribe('org', (batch) => heard.push(batch.to))
  seq = 11
  hub.notify('org')
  await vi.runAllTimersAsync()
  expect(heard).toEqual([11])
  expect(errors).toHaveLength(1)
})

test('with a relay: a change another process committed, and one committed before the relay took hold, are told', async () => {
  const published: string[] = []
  const relayed = new Map<string, { onChange: () => void; onReady: () => void }>()
  const hub = new SyncHub({
    readSeq: () => seq,
    readEpoch: async () => epoch,
    relay: {
      publish: (organisationId) => published.push(organisationId),
      subscribe(organisationId, listener) {
        relayed.set(organisationId, listener)
        return () => relayed.delete(organisationId)
      },
    },
  })
  const ranges: [number, number][] = []
  const unsubscribe = hub.subscribe('org', (batch) => ranges.push([batch.from, batch.to]))
  const relay = relayed.get('org')
  if (!relay) throw new Error('the hub did not subscribe to the relay')
  // Ready with nothing committed meanwhile: no batch.
  relay.onReady()
  await vi.runAllTimersAsync()
  expect(ranges).toEqual([])
  // Another process commits; its message arrives.
  seq = 12
  relay.onChange()
  await vi.runAllTimersAsync()
  // This process's own write is published for the others, and told here.
  seq = 13
  hub.notify('org')
  await vi.runAllTimersAsync()
  expect(ranges).toEqual([
    [10, 12],
    [12, 13],
  ])
  expect(published).toEqual(['org'])
  // The last listener gone, the hub leaves the organisation's channel.
  unsubscribe()
  expect(relayed.has('org')).toBe(false)
})

test('with a relay: a commit between the first reading and the subscription taking hold is told once it has', async () => {
  let relay: { onChange: () => void; onReady: () => void } | undefined
  const hub = new SyncHub({
    readSeq: () => seq,
    readEpoch: async () => epoch,
    relay: {
      publish: () => undefined,
      subscribe(_organisationId, listener) {
        relay = listener
        return () => undefined
      },
    },
  })
  const ranges: [number, number][] = []
  hub.subscribe('org', (batch) => ranges.push([batch.from, batch.to]))
  seq = 11 // committed by another process before the subscription took hold
  relay?.onReady()
  await vi.runAllTimersAsync()
  expect(ranges).toEqual([[10, 11]])
})

test('once the organisation moved to another machine its listeners are ended, not told a batch, and its position is not read', async () => {
  let isHere = true
  const read = vi.fn(() => seq)
  const readEpoch = vi.fn(async () => epoch)
  const hub = new SyncHub({ readSeq: read, readEpoch, isServedHere: () => isHere })
  const heard: string[] = []
  hub.subscribe(
    'org',
    (batch) => heard.push(`batch ${batch.to}`),
    () => heard.push('gone'),
  )
  hub.subscribe('other', (batch) => heard.push(`other ${batch.to}`))
  seq = 11
  hub.notify('org')
  await vi.runAllTimersAsync()
  isHere = false
  read.mockClear()
  readEpoch.mockClear()
  seq = 12
  hub.notify('org')
  await vi.runAllTimersAsync()
  expect(heard).toEqual(['batch 11', 'gone'])
  expect(read).not.toHaveBeenCalled()
  expect(readEpoch).not.toHaveBeenCalled()
})

test('a batch whose epoch is slow to read is told before the next one, each seq once', async () => {
  let release = () => {}
  const slow = new Promise<void>((resolve) => {
    release = resolve
  })
  let reads = 0
  const hub = new SyncHub({
    readSeq: () => seq,
    readEpoch: async () => {
      if (++reads === 1) await slow
      return epoch
    },
  })
  const ranges: [number, number][] = []
  hub.subscribe('org', (batch) => ranges.push([batch.from, batch.to]))
  seq = 11
  hub.notify('org')
  await vi.advanceTimersByTimeAsync(20)
  seq = 12
  hub.notify('org')
  await vi.advanceTimersByTimeAsync(20)
  expect(ranges).toEqual([])
  release()
  await vi.runAllTimersAsync()
  expect(ranges).toEqual([
    [10, 12],
    [12, 12],
  ])
})
