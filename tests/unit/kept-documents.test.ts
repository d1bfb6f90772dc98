import { Subject } from 'rxjs'
import { afterEach, expect, test, vi } from 'vitest'
import { keepDocuments } from '#sync/client/worker/kept-documents'

// The database worker keeps what it read of a storage instance between questions: until
// the instance changes, a write past its events is said, or nobody asked for a while.

afterEach(() => {
  vi.useRealTimers()
})

function setUp() {
  const instance = { name: 'sales' }
  const changes = new Subject<void>()
  let stored = ['sale-1']
  let reads = 0
  let pending: (() => void) | undefined
  let isHeld = false
  const kept = keepDocuments({
    read: async () => {
      reads++
      const snapshot = [...stored]
      if (isHeld) await new Promise<void>((resolve) => (pending = resolve))
      return snapshot
    },
    changesOf: () => changes,
    idleMs: 1000,
  })
  return {
    instance,
    kept,
    changes,
    reads: () => reads,
    store: (ids: string[]) => (stored = ids),
    hold: () => (isHeld = true),
    release: () => {
      isHeld = false
      pending?.()
    },
  }
}

test('a second question is answered from what was read; a change makes it read again', async () => {
  const { instance, kept, changes, reads, store } = setUp()
  expect(await kept.read(instance)).toEqual(['sale-1'])
  expect(await kept.read(instance)).toEqual(['sale-1'])
  expect(reads()).toBe(1)

  store(['sale-1', 'sale-2'])
  changes.next()
  expect(await kept.read(instance)).toEqual(['sale-1', 'sale-2'])
  expect(reads()).toBe(2)
})

test('a write the events do not carry is forgotten when said', async () => {
  const { instance, kept, reads, store } = setUp()
  await kept.read(instance)
  store(['sale-1', 'sale-9'])
  kept.forget(instance)
  expect(await kept.read(instance)).toEqual(['sale-1', 'sale-9'])
  expect(reads()).toBe(2)
})

test('a change while it reads: that reading is answered but not kept', async () => {
  const { instance, kept, changes, reads, store, hold, release } = setUp()
  hold()
  const reading = kept.read(instance)
  store(['sale-1', 'sale-3'])
  changes.next()
  release()
  expect(await reading).toEqual(['sale-1'])
  expect(await kept.read(instance)).toEqual(['sale-1', 'sale-3'])
  expect(reads()).toBe(2)
})

test('what nobody asked for in a while is let go; each question starts the wait again', async () => {
  vi.useFakeTimers()
  const { instance, kept, reads } = setUp()
  await kept.read(instance)
  vi.advanceTimersByTime(800)
  await kept.read(instance)
  vi.advanceTimersByTime(800)
  await kept.read(instance)
  expect(reads()).toBe(1)
  vi.advanceTimersByTime(1000)
  await kept.read(instance)
  expect(reads()).toBe(2)
})
