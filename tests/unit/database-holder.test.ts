import { afterEach, expect, test, vi } from 'vitest'
import { createDatabaseHolder } from '../../web/lib/database-holder.ts'

// A write made right after a page load, while the area's local database still opens, waits
// for it: it used to fail with "log in first" and left the person's dialog open.

afterEach(() => {
  vi.useRealTimers()
})

test('a write made while the database opens gets it once it is open', async () => {
  const holder = createDatabaseHolder<{ name: string }>()
  const waiting = holder.whenOpen()
  holder.set({ name: 'sales' })
  await expect(waiting).resolves.toEqual({ name: 'sales' })
  await expect(holder.whenOpen()).resolves.toEqual({ name: 'sales' })
})

test('a database let go is not handed out; its successor is', async () => {
  const holder = createDatabaseHolder<{ name: string }>()
  const first = { name: 'first' }
  holder.set(first)
  holder.clear(first)
  const waiting = holder.whenOpen()
  holder.set({ name: 'second' })
  await expect(waiting).resolves.toEqual({ name: 'second' })
})

test('a database that does not open in time refuses the write with words a person can act on', async () => {
  vi.useFakeTimers()
  const holder = createDatabaseHolder<{ name: string }>()
  const waiting = holder.whenOpen()
  vi.advanceTimersByTime(20_000)
  await expect(waiting).rejects.toThrow('De gegevens op dit apparaat worden nog geopend.')
})
