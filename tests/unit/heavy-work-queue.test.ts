import { afterEach, describe, expect, test, vi } from 'vitest'
import { AppError } from '#server/errors/app-error'
import {
  DOWNLOAD_IDLE_MS,
  DOWNLOAD_MAX_MS,
  HEAVY_WORK_BUSY_MESSAGE,
  HeavyWorkQueue,
  type MachineSlot,
  ORGANISATION_BUSY_MESSAGE,
} from '#server/heavy-work/heavy-work-queue'

// The process's heavy-work queue: one job runs, others wait their turn in order and know
// their place, a full queue or a second job of one organisation hears 429 with
// Retry-After, a waiting caller who goes away leaves, and a download keeps its turn until
// it is read, cancelled, or its reader stalls.

const isFree = (queue: HeavyWorkQueue) => !queue.isBusy()

/** A download body of `pieces` pieces of a kilobyte. */
const body = (pieces: number) => {
  let left = pieces
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (left-- > 0) controller.enqueue(new Uint8Array(1024))
      else controller.close()
    },
  })
}

/** A job that runs until `finish` is called. */
function blockingJob() {
  let finish = () => {}
  const work = () => new Promise<string>((resolve) => (finish = () => resolve('done')))
  return { work, finish: () => finish() }
}

/** The refusal a job hears; fails when it is not refused. */
const refusalOf = (promise: Promise<unknown>): Promise<AppError> =>
  promise.then(
    () => {
      throw new Error('expected a refusal')
    },
    (error: unknown) => error as AppError,
  )

afterEach(() => {
  vi.useRealTimers()
})

describe('the heavy-work queue', () => {
  test('a second organisation waits with place 2 and runs once the first is done', async () => {
    const queue = new HeavyWorkQueue()
    const first = blockingJob()
    const running = queue.run('org-a', first.work)
    const order: string[] = []
    const waiting = queue.run('org-b', async () => {
      order.push('b runs')
      return 'b'
    })
    await Promise.resolve()
    expect(queue.placeOf('org-a')).toBe(1)
    expect(queue.placeOf('org-b')).toBe(2)
    expect(queue.placeOf('org-c')).toBeNull()
    order.push('a finishes')
    first.finish()
    expect(await running).toBe('done')
    expect(await waiting).toBe('b')
    expect(order).toEqual(['a finishes', 'b runs'])
    expect(queue.placeOf('org-b')).toBeNull()
    expect(isFree(queue)).toBe(true)
  })

  test('beyond the bound, and a second job of one organisation, hear 429 with Retry-After 15', async () => {
    const queue = new HeavyWorkQueue(1)
    const first = blockingJob()
    const running = queue.run('org-a', first.work)
    const waiting = queue.run('org-b', async () => 'b')
    const full = await refusalOf(queue.run('org-c', async () => 'c'))
    expect(full).toBeInstanceOf(AppError)
    expect(full.code).toBe('too_many_requests')
    expect(full.details.retryAfterSeconds).toBe(15)
    expect(full.message).toBe(HEAVY_WORK_BUSY_MESSAGE)
    for (const organisationId of ['org-a', 'org-b']) {
      const again = await refusalOf(queue.run(organisationId, async () => 'again'))
      expect(again.code).toBe('too_many_requests')
      expect(again.message).toBe(ORGANISATION_BUSY_MESSAGE)
    }
    first.finish()
    await running
    expect(await waiting).toBe('b')
  })

  test('a waiting caller who goes away leaves the queue and its work never runs', async () => {
    const queue = new HeavyWorkQueue(1)
    const first = blockingJob()
    const running = queue.run('org-a', first.work)
    const leaving = new AbortController()
    let hasRun = false
    const waiting = refusalOf(queue.run('org-b', async () => (hasRun = true), leaving.signal))
    expect(queue.placeOf('org-b')).toBe(2)
    leaving.abort()
    expect((await waiting).code).toBe('unavailable')
    expect(queue.placeOf('org-b')).toBeNull()
    // Its room is free again.
    const next = queue.run('org-c', async () => 'c')
    expect(queue.placeOf('org-c')).toBe(2)
    first.finish()
    await running
    expect(await next).toBe('c')
    expect(hasRun).toBe(false)
  })

  test('a job that fails gives its turn to the next', async () => {
    const queue = new HeavyWorkQueue()
    const failing = queue.run('org-a', () => Promise.reject(new Error('kapot')))
    const next = queue.run('org-b', async () => 'b')
    await expect(failing).rejects.toThrow('kapot')
    expect(await next).toBe('b')
    expect(isFree(queue)).toBe(true)
  })

  test('a download keeps the turn until its body is read to the end', async () => {
    const queue = new HeavyWorkQueue()
    const download = await queue.runDownload('org-a', async () => ({ body: body(3) }))
    expect(isFree(queue)).toBe(false)
    const bytes = await new Response(download.body).arrayBuffer()
    expect(bytes.byteLength).toBe(3 * 1024)
    expect(isFree(queue)).toBe(true)
  })

  test('a cancelled download gives the turn back', async () => {
    const queue = new HeavyWorkQueue()
    const download = await queue.runDownload('org-a', async () => ({ body: body(3) }))
    await download.body.cancel()
    expect(isFree(queue)).toBe(true)
  })

  test(`a reader that stops reading for ${DOWNLOAD_IDLE_MS / 1000} s loses the download and the slot`, async () => {
    vi.useFakeTimers()
    const slot = new HeavyWorkQueue()
    const download = await slot.runDownload('org-a', async () => ({ body: body(100) }))
    const reader = download.body.getReader()
    await reader.read()
    await vi.advanceTimersByTimeAsync(DOWNLOAD_IDLE_MS - 1000)
    expect(isFree(slot)).toBe(false)
    await vi.advanceTimersByTimeAsync(2000)
    expect(isFree(slot)).toBe(true)
    await expect(reader.read()).rejects.toThrow()
  })

  test(`no download holds the slot longer than ${DOWNLOAD_MAX_MS / 60_000} minutes`, async () => {
    vi.useFakeTimers()
    const slot = new HeavyWorkQueue()
    const download = await slot.runDownload('org-a', async () => ({ body: body(1_000_000) }))
    const reader = download.body.getReader()
    // Read steadily, a piece every 20 s: never idle, but too long in all.
    for (let elapsed = 0; elapsed < DOWNLOAD_MAX_MS - 20_000; elapsed += 20_000) {
      await reader.read()
      await vi.advanceTimersByTimeAsync(20_000)
    }
    expect(isFree(slot)).toBe(false)
    await vi.advanceTimersByTimeAsync(40_000)
    expect(isFree(slot)).toBe(true)
  })
})

/** A machine slot held by "another process" until `free` is called; counts its holders. */
function machineSlotElsewhere() {
  let free = () => {}
  let isHeld = true
  let holders = 0
  const slot: MachineSlot = {
    async take(signal) {
      if (isHeld) {
        await new Promise<void>((resolve, reject) => {
          free = () => {
            isHeld = false
            resolve()
          }
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
        })
      }
      isHeld = true
      holders++
      return () => {
        isHeld = false
        holders--
      }
    },
  }
  return { slot, free: () => free(), holders: () => holders }
}

describe("the heavy-work queue with the machine's slot", () => {
  test("the head waits for another process's job with place 2, and frees the slot when done", async () => {
    const machine = machineSlotElsewhere()
    const queue = new HeavyWorkQueue(8, machine.slot)
    const order: string[] = []
    const running = queue.run('org-a', async () => {
      order.push('a runs')
      return 'a'
    })
    const waiting = queue.run('org-b', async () => 'b')
    await Promise.resolve()
    expect(queue.placeOf('org-a')).toBe(2)
    expect(queue.placeOf('org-b')).toBe(3)
    expect(order).toEqual([])
    order.push('elsewhere done')
    machine.free()
    expect(await running).toBe('a')
    expect(await waiting).toBe('b')
    expect(order).toEqual(['elsewhere done', 'a runs'])
    expect(machine.holders()).toBe(0)
    expect(isFree(queue)).toBe(true)
  })

  test('a caller who goes away while waiting for the slot leaves, and the next takes its turn', async () => {
    const machine = machineSlotElsewhere()
    const queue = new HeavyWorkQueue(8, machine.slot)
    const leaving = new AbortController()
    const gone = refusalOf(queue.run('org-a', async () => 'a', leaving.signal))
    const next = queue.run('org-b', async () => 'b')
    await Promise.resolve()
    leaving.abort()
    expect((await gone).code).toBe('unavailable')
    expect(queue.placeOf('org-a')).toBeNull()
    expect(queue.placeOf('org-b')).toBe(2)
    machine.free()
    expect(await next).toBe('b')
    expect(isFree(queue)).toBe(true)
  })
})
