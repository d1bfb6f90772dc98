import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { type ChangeBatch, SyncHub } from '#server/replication/sync-hub'

let seq = 0
let epoch = 0
const createHub = () => new SyncHub({ readPosition: () => ({ seq, epoch }) })

beforeEach(() => {
  vi.useFakeTimers()
  seq = 10
  epoch = 0
})
afterEach(() => vi.useRealTimers())

test('a stream that unsubscribes twice does not silence the streams opened after it', () => {
  const hub = createHub()
  const heard: string[] = []
  const unsubscribeOld = hub.subscribe('org', () => heard.push('old'))
  // The old stream ends (onAbort), a new one opens, then the old one's loop ends too.
  unsubscribeOld()
  hub.subscribe('org', () => heard.push('new'))
  unsubscribeOld()
  hub.notify('org')
  vi.runAllTimers()
  expect(heard).toEqual(['new'])
  expect(hub.listenerCount).toBe(1)
})

test('each listener hears every seq after it subscribed, in contiguous ranges, a burst as one', () => {
  const hub = createHub()
  const ranges: [number, number][] = []
  hub.subscribe('org', (batch) => ranges.push([batch.from, batch.to]))
  seq = 12
  hub.notify('org')
  seq = 13
  hub.notify('org') // the same burst: told together
  vi.runAllTimers()
  seq = 15
  hub.notify('org')
  vi.runAllTimers()
  hub.notify('org') // nothing committed (a sign-out): still told, an empty range
  vi.runAllTimers()
  expect(ranges).toEqual([
    [10, 13],
    [13, 15],
    [15, 15],
  ])
})

test('listeners of a batch share one reading per key; another organisation hears nothing', () => {
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
  vi.runAllTimers()
  expect(texts).toEqual(['reading 1', 'reading 1'])
  expect(other).toEqual([])
})

test('a listener that throws does not keep the others from hearing', () => {
  const errors: unknown[] = []
  const hub = new SyncHub({
    readPosition: () => ({ seq, epoch }),
    onError: (error) => errors.push(error),
  })
  const heard: number[] = []
  hub.subscribe('org', () => {
    throw new Error('broken listener')
  })
  hub.subscribe('org', (batch) => heard.push(batch.to))
  seq = 11
  hub.notify('org')
  vi.runAllTimers()
  expect(heard).toEqual([11])
  expect(errors).toHaveLength(1)
})

test('with a relay: a change another process committed, and one committed before the relay took hold, are told', () => {
  const published: string[] = []
  const relayed = new Map<string, { onChange: () => void; onReady: () => void }>()
  const hub = new SyncHub({
    readPosition: () => ({ seq, epoch }),
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
  vi.runAllTimers()
  expect(ranges).toEqual([])
  // Another process commits; its message arrives.
  seq = 12
  relay.onChange()
  vi.runAllTimers()
  // This process's own write is published for the others, and told here.
  seq = 13
  hub.notify('org')
  vi.runAllTimers()
  expect(ranges).toEqual([
    [10, 12],
    [12, 13],
  ])
  expect(published).toEqual(['org'])
  // The last listener gone, the hub leaves the organisation's channel.
  unsubscribe()
  expect(relayed.has('org')).toBe(false)
})

test('with a relay: a commit between the first reading and the subscription taking hold is told once it has', () => {
  let relay: { onChange: () => void; onReady: () => void } | undefined
  const hub = new SyncHub({
    readPosition: () => ({ seq, epoch }),
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
  vi.runAllTimers()
  expect(ranges).toEqual([[10, 11]])
})

test('once the organisation moved to another machine its listeners are ended, not told a batch, and its position is not read', () => {
  let isHere = true
  const read = vi.fn(() => ({ seq, epoch }))
  const hub = new SyncHub({ readPosition: read, isServedHere: () => isHere })
  const heard: string[] = []
  hub.subscribe(
    'org',
    (batch) => heard.push(`batch ${batch.to}`),
    () => heard.push('gone'),
  )
  hub.subscribe('other', (batch) => heard.push(`other ${batch.to}`))
  seq = 11
  hub.notify('org')
  vi.runAllTimers()
  isHere = false
  read.mockClear()
  seq = 12
  hub.notify('org')
  vi.runAllTimers()
  expect(heard).toEqual(['batch 11', 'gone'])
  expect(read).not.toHaveBeenCalled()
})
