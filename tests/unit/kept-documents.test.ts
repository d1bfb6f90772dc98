import { Subject } from 'rxjs'
import { afterEach, expect, test, vi } from 'vitest'
import { type KeptChange, keepDocuments } from '#sync/client/worker/kept-documents'

// The database worker keeps what it read of a storage instance between questions: the
// instance's change events are put into it (inserts, updates), anything else makes it read
// again (a delete, a change while it reads, its events ending, a write past its events),
// and what nobody asked for in a while is let go. Every kept answer is compared with what
// a fresh reading of the same storage gives.

afterEach(() => {
  vi.useRealTimers()
})

type Doc = { id: string; price: number }
type Bulk = { events: KeptChange<Doc>[] }

function setUp() {
  const instance = { name: 'sales' }
  const changes = new Subject<Bulk>()
  const stored = new Map<string, Doc>([['sale-1', { id: 'sale-1', price: 100 }]])
  let reads = 0
  let pending: (() => void) | undefined
  let isHeld = false
  // The storage's own reading: its live documents in the order of their ids.
  const readStored = () => [...stored.values()].sort((a, b) => (a.id < b.id ? -1 : 1))
  const kept = keepDocuments<typeof instance, Doc>({
    read: async () => {
      reads++
      const snapshot = readStored()
      if (isHeld) await new Promise<void>((resolve) => (pending = resolve))
      return snapshot
    },
    changesOf: () => changes,
    idOf: (_, document) => document.id,
    idleMs: 1000,
  })
  /** Writes through the storage: stored, then told by a change event, as RxDB's storage does. */
  const write = (operation: KeptChange<Doc>['operation'], ...docs: Doc[]) => {
    for (const doc of docs) {
      if (operation === 'DELETE') stored.delete(doc.id)
      else stored.set(doc.id, doc)
    }
    changes.next({
      events: docs.map((doc) => ({ operation, documentId: doc.id, documentData: doc })),
    })
  }
  return {
    instance,
    kept,
    changes,
    write,
    readStored,
    reads: () => reads,
    storePast: (doc: Doc) => stored.set(doc.id, doc),
    hold: () => (isHeld = true),
    release: () => {
      isHeld = false
      pending?.()
    },
  }
}

test('a second question is answered from what was read', async () => {
  const { instance, kept, reads } = setUp()
  expect(await kept.read(instance)).toEqual([{ id: 'sale-1', price: 100 }])
  expect(await kept.read(instance)).toEqual([{ id: 'sale-1', price: 100 }])
  expect(reads()).toBe(1)
})

test('an insert is put into what was read, in the order of a fresh reading, without reading again', async () => {
  const { instance, kept, write, readStored, reads } = setUp()
  const before = await kept.read(instance)
  write('INSERT', { id: 'sale-3', price: 300 })
  write('INSERT', { id: 'sale-0', price: 50 }, { id: 'sale-2', price: 200 })
  const after = await kept.read(instance)
  expect(after).toEqual(readStored())
  expect(after.map((doc) => doc.id)).toEqual(['sale-0', 'sale-1', 'sale-2', 'sale-3'])
  expect(reads()).toBe(1)
  // What was handed out before stays as it was.
  expect(before).toEqual([{ id: 'sale-1', price: 100 }])
})

test('an update replaces the document where it stood', async () => {
  const { instance, kept, write, readStored, reads } = setUp()
  write('INSERT', { id: 'sale-2', price: 200 })
  await kept.read(instance)
  write('UPDATE', { id: 'sale-1', price: 111 })
  write('UPDATE', { id: 'sale-1', price: 122 })
  expect(await kept.read(instance)).toEqual(readStored())
  expect(await kept.read(instance)).toEqual([
    { id: 'sale-1', price: 122 },
    { id: 'sale-2', price: 200 },
  ])
  expect(reads()).toBe(1)
})

test('a delete makes it read again', async () => {
  const { instance, kept, write, readStored, reads } = setUp()
  write('INSERT', { id: 'sale-2', price: 200 })
  await kept.read(instance)
  write('DELETE', { id: 'sale-1', price: 100 })
  expect(await kept.read(instance)).toEqual([{ id: 'sale-2', price: 200 }])
  expect(await kept.read(instance)).toEqual(readStored())
  expect(reads()).toBe(2)
})

test('a bulk with a delete among updates is not half applied: it reads again', async () => {
  const { instance, kept, changes, storePast, readStored, reads } = setUp()
  storePast({ id: 'sale-2', price: 200 })
  await kept.read(instance)
  storePast({ id: 'sale-2', price: 222 })
  changes.next({
    events: [
      { operation: 'UPDATE', documentId: 'sale-2', documentData: { id: 'sale-2', price: 222 } },
      { operation: 'DELETE', documentId: 'sale-9', documentData: { id: 'sale-9', price: 0 } },
    ],
  })
  expect(await kept.read(instance)).toEqual(readStored())
  expect(reads()).toBe(2)
})

test('a write the events do not carry is forgotten when said', async () => {
  const { instance, kept, storePast, readStored, reads } = setUp()
  await kept.read(instance)
  storePast({ id: 'sale-9', price: 900 })
  kept.forget(instance)
  expect(await kept.read(instance)).toEqual(readStored())
  expect(reads()).toBe(2)
})

test('a change while it reads: that reading is answered but not kept, not even later', async () => {
  const { instance, kept, write, readStored, reads, hold, release } = setUp()
  hold()
  const reading = kept.read(instance)
  write('INSERT', { id: 'sale-3', price: 300 })
  release()
  expect(await reading).toEqual([{ id: 'sale-1', price: 100 }])
  expect(await kept.read(instance)).toEqual(readStored())
  expect(reads()).toBe(2)
  // The second reading is kept and takes the next change.
  write('UPDATE', { id: 'sale-3', price: 333 })
  expect(await kept.read(instance)).toEqual(readStored())
  expect(reads()).toBe(2)
})

test('the events ending (the instance closed or removed) forget what was read', async () => {
  const { instance, kept, changes, reads } = setUp()
  await kept.read(instance)
  changes.complete()
  await kept.read(instance)
  expect(reads()).toBe(2)
})

test('a failed reading is not kept', async () => {
  const instance = {}
  let reads = 0
  const kept = keepDocuments<object, Doc>({
    read: async () => {
      reads++
      if (reads === 1) throw new Error('IndexedDB went away')
      return []
    },
    changesOf: () => new Subject<Bulk>(),
    idOf: (_, document) => document.id,
    idleMs: 1000,
  })
  await expect(kept.read(instance)).rejects.toThrow('IndexedDB went away')
  expect(await kept.read(instance)).toEqual([])
  expect(reads).toBe(2)
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
